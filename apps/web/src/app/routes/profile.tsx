import { useTranslation } from 'react-i18next';
import { DONOR_ROLES, RECEIVER_ROLES, hasAnyRole } from '@annasetu/domain';
import { PageHeader } from '../../components/ui/page-header';
import { ProfileImpact } from '../../features/analytics/components/profile-impact';
import { MyData } from '../../features/account/components/my-data';
import { DigitsSetting } from '../../features/language/components/digits-setting';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { DataSaverSetting } from '../../features/profile/components/data-saver-setting';
import { PushSettings } from '../../features/push/components/push-settings';
import { AvailabilitySettings } from '../../features/availability/components/availability-form';
import { CalendarFeedSettings } from '../../features/calendar/components/calendar-feed';
import { EmailSettings } from '../../features/notifications/components/email-settings';
import { PublishImpactSetting } from '../../features/impact/components/publish-impact-setting';
import { NotificationPreferencesSettings } from '../../features/notifications/components/notification-preferences';
import { useSession } from '../../lib/session';
import { useFormat } from '../../lib/use-format';

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
      </section>

      <DigitsSetting />
      {user.role === 'volunteer' ? <AvailabilitySettings /> : null}
      {user.role !== 'admin' ? <CalendarFeedSettings /> : null}
      <PushSettings />
      <EmailSettings user={user} />
      {hasAnyRole(user.role, [...DONOR_ROLES, ...RECEIVER_ROLES]) ? (
        <PublishImpactSetting user={user} />
      ) : null}
      <NotificationPreferencesSettings />
      <DataSaverSetting />
      <MyData />
    </div>
  );
}

export { ProfilePage as Component };
