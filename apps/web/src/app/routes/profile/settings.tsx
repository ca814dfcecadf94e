import { DONOR_ROLES, RECEIVER_ROLES, hasAnyRole, type UserProfile } from '@annasetu/domain';
import { MyData } from '../../../features/account/components/my-data';
import { AvailabilitySettings } from '../../../features/availability/components/availability-form';
import { CalendarFeedSettings } from '../../../features/calendar/components/calendar-feed';
import { PublishImpactSetting } from '../../../features/impact/components/publish-impact-setting';
import { DigitsSetting } from '../../../features/language/components/digits-setting';
import { EmailSettings } from '../../../features/notifications/components/email-settings';
import { NotificationPreferencesSettings } from '../../../features/notifications/components/notification-preferences';
import { DataSaverSetting } from '../../../features/profile/components/data-saver-setting';
import { PushSettings } from '../../../features/push/components/push-settings';

/**
 * The profile's settings panels, below the identity card and the edit form: a chunk of its own,
 * requested when the page renders, so the page's first download stays well within its budget
 * (decision 0031).
 */
export function ProfileSettings({ user }: { user: UserProfile }) {
  return (
    <>
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
    </>
  );
}
