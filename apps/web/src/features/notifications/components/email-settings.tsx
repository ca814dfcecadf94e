import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@annasetu/domain';
import { CheckboxField } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';
import '../notifications.css';
import { useUpdateEmailSetting } from '../api/update-email-setting';

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

/**
 * The email channel: off by default; when on, every notification is also mailed to the user's
 * address in their language. Shown on the profile and on the notifications page.
 */
export function EmailSettings({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const mutation = useUpdateEmailSetting();
  // While saving, show the value asked for, so the box does not jump back and forth. Local state
  // set in the same event as the click: the mutation's own pending state arrives a tick later,
  // and in between the controlled box would snap back. It is let go once the user handed down
  // shows the saved value (that comes in its own render, after the mutation has settled).
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? user.emailNotifications;
  useEffect(() => {
    if (asked !== null && !mutation.isPending && user.emailNotifications === asked) setAsked(null);
  }, [asked, mutation.isPending, user.emailNotifications]);

  function handleChange(next: boolean) {
    // Not disabled while saving (that would drop keyboard focus); extra clicks wait instead.
    if (asked !== null) return;
    setAsked(next);
    mutation.mutate(next, {
      onSuccess: () =>
        toast.success(t(next ? 'notifications.email.turnedOn' : 'notifications.email.turnedOff')),
      // A failure shows the old value again.
      onError: () => {
        toast.error(t('notifications.email.saveError'));
        setAsked(null);
      },
    });
  }

  return (
    <section className="panel email-settings" aria-labelledby="email-settings-title">
      <span className="email-settings__icon" aria-hidden="true">
        <MailIcon />
      </span>
      <div className="email-settings__text">
        <h2 id="email-settings-title" className="section-heading">
          {t('notifications.email.title')}
        </h2>
        <CheckboxField
          label={t('notifications.email.label')}
          name="emailNotifications"
          checked={checked}
          aria-describedby="email-settings-state"
          data-testid="email-notifications"
          onChange={(event) => handleChange(event.target.checked)}
        />
        <p id="email-settings-state" className="email-settings__status" role="status">
          {checked
            ? t('notifications.email.on', { email: user.email })
            : t('notifications.email.off')}
        </p>
      </div>
    </section>
  );
}
