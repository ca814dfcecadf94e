import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homePathForRole } from '@annasetu/domain';
import { ButtonLink } from '../../components/ui/button';
import {
  ChartIcon,
  ChatIcon,
  CoinIcon,
  GiftIcon,
  LeafIcon,
  PinIcon,
  TruckIcon,
} from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { LanguageSelect } from '../../features/language/components/language-select';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFormat } from '../../lib/use-format';
import '../../styles/landing.css';

/** The seed's static figures. */
const STATS = [
  { key: 'meals', value: 10_000 },
  { key: 'users', value: 500 },
  { key: 'foodBanks', value: 50 },
  { key: 'restaurants', value: 100 },
] as const;

const FEATURES: { key: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { key: 'donate', icon: GiftIcon },
  { key: 'nearby', icon: PinIcon },
  { key: 'volunteers', icon: TruckIcon },
  { key: 'impact', icon: ChartIcon },
  { key: 'tokens', icon: CoinIcon },
  { key: 'assistant', icon: ChatIcon },
];

const STEPS = ['post', 'collect', 'deliver'] as const;

const FOOTER_LINKS = [
  'impact',
  'donations',
  'requests',
  'map',
  'analytics',
  'chatbot',
  'profile',
  'notifications',
] as const;

function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 360 300" aria-hidden="true" focusable="false">
      <circle cx="180" cy="150" r="140" fill="var(--color-saffron-soft)" />
      <path
        d="M40 170c40-80 90-115 140-115s100 35 140 115"
        fill="none"
        stroke="var(--color-saffron)"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <path d="M70 180h220a110 90 0 0 1-220 0Z" fill="var(--color-primary)" />
      <path d="M90 180h180a90 60 0 0 1-180 0Z" fill="var(--color-primary-strong)" opacity=".35" />
      <ellipse cx="180" cy="180" rx="110" ry="14" fill="var(--color-primary-strong)" />
      <circle cx="140" cy="160" r="22" fill="#fff" />
      <circle cx="185" cy="150" r="26" fill="#fff6e0" />
      <circle cx="228" cy="162" r="20" fill="#fff" />
      <path
        d="M150 112c0-12 8-14 8-26M180 104c0-12 8-14 8-26M210 112c0-12 8-14 8-26"
        stroke="var(--color-primary)"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
        opacity=".55"
      />
      <circle cx="70" cy="240" r="10" fill="var(--color-primary)" opacity=".3" />
      <circle cx="300" cy="70" r="14" fill="var(--color-primary)" opacity=".2" />
    </svg>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { number } = useFormat();
  useDocumentTitle(t('landing.documentTitle'));
  const dashboard = user ? homePathForRole(user.role) : null;

  return (
    <div className="landing">
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="landing-header">
        <div className="container landing-header__inner">
          <Link to="/" className="landing-header__brand">
            <Logo />
          </Link>
          <div className="landing-header__actions">
            <LanguageSelect />
            {dashboard ? (
              <ButtonLink to={dashboard} size="sm">
                {t('landing.goToDashboard')}
              </ButtonLink>
            ) : (
              <>
                <Link to="/login" className="landing-header__login">
                  {t('landing.login')}
                </Link>
                <ButtonLink to="/register" size="sm" className="landing-header__cta">
                  {t('landing.getStarted')}
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </header>

      <main id="main">
        <section className="hero">
          <div className="container hero__inner">
            <div className="hero__copy">
              <p className="eyebrow">{t('landing.hero.eyebrow')}</p>
              <h1 className="hero__title" tabIndex={-1}>
                {t('landing.hero.title')}
              </h1>
              <p className="hero__lead">{t('landing.hero.lead')}</p>
              <div className="hero__actions">
                {dashboard ? (
                  <ButtonLink to={dashboard} size="lg">
                    {t('landing.goToDashboard')}
                  </ButtonLink>
                ) : (
                  <>
                    <ButtonLink to="/register" size="lg">
                      {t('landing.getStarted')}
                    </ButtonLink>
                    <ButtonLink to="/login" size="lg" variant="secondary">
                      {t('landing.login')}
                    </ButtonLink>
                  </>
                )}
              </div>
            </div>
            <HeroArt />
          </div>
        </section>

        <section className="stats-band" aria-labelledby="stats-title">
          <div className="container">
            <h2 id="stats-title" className="sr-only">
              {t('landing.stats.title')}
            </h2>
            <dl className="stats-band__grid">
              {STATS.map(({ key, value }) => (
                <div key={key} className="stats-band__item">
                  <dt className="stats-band__label">{t(`landing.stats.${key}`)}</dt>
                  <dd className="stats-band__value">
                    {t('landing.stats.atLeast', { value: number(value) })}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="stats-band__more">
              <Link to="/impact">{t('landing.stats.seeImpact')}</Link>
            </p>
          </div>
        </section>

        <section className="section" aria-labelledby="features-title">
          <div className="container">
            <p className="eyebrow eyebrow--center">{t('landing.features.eyebrow')}</p>
            <h2 id="features-title" className="section__title">
              {t('landing.features.title')}
            </h2>
            <ul className="feature-grid">
              {FEATURES.map(({ key, icon: Icon }) => (
                <li key={key} className="feature-card">
                  <span className="feature-card__icon">
                    <Icon />
                  </span>
                  <h3 className="feature-card__title">{t(`landing.features.${key}.title`)}</h3>
                  <p className="feature-card__body">{t(`landing.features.${key}.body`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="section section--tinted" aria-labelledby="how-title">
          <div className="container">
            <p className="eyebrow eyebrow--center">{t('landing.how.eyebrow')}</p>
            <h2 id="how-title" className="section__title">
              {t('landing.how.title')}
            </h2>
            <ol className="steps">
              {STEPS.map((key, index) => (
                <li key={key} className="step">
                  <span className="step__number" aria-hidden="true">
                    {number(index + 1)}
                  </span>
                  <h3 className="step__title">{t(`landing.how.${key}.title`)}</h3>
                  <p className="step__body">{t(`landing.how.${key}.body`)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="cta-band" aria-labelledby="cta-title">
          <div className="container cta-band__inner">
            <div>
              <h2 id="cta-title" className="cta-band__title">
                {t('landing.cta.title')}
              </h2>
              <p className="cta-band__body">{t('landing.cta.body')}</p>
            </div>
            <div className="cta-band__actions">
              {dashboard ? (
                <ButtonLink to={dashboard} size="lg" variant="accent">
                  {t('landing.goToDashboard')}
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink to="/register?role=restaurant" size="lg" variant="accent">
                    {t('landing.startDonating')}
                  </ButtonLink>
                  <ButtonLink to="/register?role=foodbank" size="lg" variant="light">
                    {t('landing.joinFoodBank')}
                  </ButtonLink>
                </>
              )}
            </div>
          </div>
        </section>
      </main>

      <footer className="site-footer">
        <div className="container site-footer__inner">
          <div className="site-footer__brand">
            <Logo />
            <p>{t('landing.footer.tagline')}</p>
            <p className="site-footer__impact">
              <LeafIcon /> <span>{t('landing.footer.impact')}</span>
            </p>
          </div>
          <nav aria-label={t('landing.footer.navLabel')}>
            <h2 className="site-footer__heading">{t('landing.footer.explore')}</h2>
            <ul className="site-footer__links">
              {FOOTER_LINKS.map((key) => (
                <li key={key}>
                  <Link to={`/${key}`}>{t(`nav.${key}`)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="container site-footer__legal">
          <p>{t('landing.footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  );
}

export { LandingPage as Component };
