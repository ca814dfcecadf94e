import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homePathForRole } from '@annasetu/domain';
import { ButtonLink } from '../../components/ui/button';
import { LeafIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { LanguageSelect } from '../../features/language/components/language-select';
import { useSession } from '../../lib/session';
import '../../styles/landing.css';

/** The public pages' header and footer, as on the landing page: no sign-in needed. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const dashboard = user ? homePathForRole(user.role) : null;
  return (
    <div className="landing public-impact">
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
      <main id="main">{children}</main>
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
              <li>
                <Link to="/">{t('publicImpact.footer.home')}</Link>
              </li>
              <li>
                <Link to="/impact">{t('nav.impact')}</Link>
              </li>
              <li>
                <Link to="/register">{t('landing.getStarted')}</Link>
              </li>
              <li>
                <Link to="/login">{t('landing.login')}</Link>
              </li>
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
