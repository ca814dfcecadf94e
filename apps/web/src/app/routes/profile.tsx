import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { isHygieneCurrent } from '@annasetu/domain';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ProfileImpact } from '../../features/analytics/components/profile-impact';
import { NoShowCount } from '../../features/profile/components/no-show-count';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { PhoneVerification } from '../../features/profile/components/phone-verification';
import { HygieneStatusText } from '../../features/training/components/hygiene-status';
import { useSession } from '../../lib/session';
import { useFormat } from '../../lib/use-format';

// The settings panels below the form come as their own chunk, requested when the page renders.
const ProfileSettings = lazy(() =>
  import('./profile/settings').then((module) => ({ default: module.ProfileSettings })),
);

export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { date } = useFormat();
  if (!user) return null;
  const initial = (user.organizationName || user.name).trim().charAt(0).toLocaleUpperCase();

  return (
    <div className="page">
      <PageHeader title={t('profile.title')} description={t('profile.description')} />

      <section className="profile-card" aria-labelledby="profile-identity">
        <span className="avatar avatar--lg" aria-hidden="true">
          {initial}
        </span>
        <div className="profile-card__text">
          <h2 id="profile-identity" className="profile-card__name">
            {user.name}
          </h2>
          <p className="profile-card__meta">
            <span className="chip">{t(`roles.${user.role}.label`)}</span>
            {user.isVerified ? (
              <span className="chip chip--verified">{t('profile.verified')}</span>
            ) : null}
          </p>
          <dl className="profile-card__facts">
            <div>
              <dt>{t('fields.email')}</dt>
              <dd>{user.email}</dd>
            </div>
            {user.organizationName ? (
              <div>
                <dt>{t('fields.organizationName')}</dt>
                <dd>{user.organizationName}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('stats.memberSince')}</dt>
              <dd>{date(user.createdAt)}</dd>
            </div>
            {user.role === 'volunteer' ? <NoShowCount count={user.noShows} /> : null}
            {user.role === 'volunteer' ? (
              <div data-testid="profile-hygiene">
                <dt>{t('hygiene.title')}</dt>
                <dd>
                  <HygieneStatusText passedAt={user.hygienePassedAt} />
                  {/* The way to the course while the pass does not hold. */}
                  {isHygieneCurrent(user.hygienePassedAt) ? null : (
                    <>
                      {' '}
                      <Link to="/training" className="text-link">
                        {t('hygiene.banner.action')}
                      </Link>
                    </>
                  )}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </section>

      <section className="page__section" aria-labelledby="profile-stats">
        <h2 id="profile-stats" className="section-heading">
          {t('profile.statsTitle')}
        </h2>
        <ProfileImpact user={user} />
      </section>

      <section className="panel page__section" aria-labelledby="profile-edit">
        <h2 id="profile-edit" className="section-heading">
          {t('profile.editTitle')}
        </h2>
        <ProfileForm key={user.id} user={user} />
        <PhoneVerification user={user} />
      </section>

      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <ProfileSettings user={user} />
      </Suspense>
    </div>
  );
}

export { ProfilePage as Component };
