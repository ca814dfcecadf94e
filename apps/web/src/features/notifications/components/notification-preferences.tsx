import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  notificationTypesFor,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationType,
  type OptInChannel,
} from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { textMessagesOffered, whatsappOffered } from '../../../lib/sms-channel';
import { toast } from '../../../lib/toast';
import { usePreferences, useSavePreferences } from '../api/preferences';
import '../notifications.css';

/**
 * Per notification type, which channels reach the user (in the app, push, email, and SMS and
 * WhatsApp where the server has them and the number is verified), and quiet hours during which
 * all but the app's list wait (profile page).
 */
export function NotificationPreferencesSettings() {
  const { t } = useTranslation();
  const query = usePreferences();
  return (
    <section className="panel page__section" aria-labelledby="notification-preferences-title">
      <h2 id="notification-preferences-title" className="section-heading">
        {t('notifications.preferences.title')}
      </h2>
      <p className="field__hint">{t('notifications.preferences.intro')}</p>
      {query.isPending ? <Spinner label={t('common.loading')} /> : null}
      {query.isError ? (
        <p className="alert alert--error" role="alert">
          {translateError(t, query.error)}
        </p>
      ) : null}
      {query.isSuccess ? <PreferencesForm current={query.data.preferences} /> : null}
    </section>
  );
}

/** The browser's own time zone, the clock quiet hours are read on. */
function browserTimeZone(fallback: string): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
  } catch {
    return fallback;
  }
}

function PreferencesForm({ current }: { current: NotificationPreferences }) {
  const { t } = useTranslation();
  const { user } = useSession();
  // A person is asked only about the kinds that can reach them (a volunteer gets no requests).
  const kinds = user ? notificationTypesFor(user.role) : NOTIFICATION_TYPES;
  const save = useSavePreferences();
  const [off, setOff] = useState(current.off);
  const [on, setOn] = useState(current.on);
  // SMS and WhatsApp cost a message each: offered where the server sends them, to a verified
  // number only, and turned on per kind.
  const smsChannel = textMessagesOffered();
  const whatsappChannel = whatsappOffered();
  const phoneChannels: OptInChannel[] = [
    ...(smsChannel ? (['sms'] as const) : []),
    ...(whatsappChannel ? (['whatsapp'] as const) : []),
  ];
  const phoneReady = user?.phoneVerified === true;
  const [quiet, setQuiet] = useState(current.quietHours !== null);
  const [from, setFrom] = useState(current.quietHours?.from ?? '22:00');
  const [to, setTo] = useState(current.quietHours?.to ?? '07:00');

  function toggle(type: NotificationType, channel: NotificationChannel, on: boolean) {
    setOff((prev) => {
      const list = (prev[type] ?? []).filter((c) => c !== channel);
      return { ...prev, [type]: on ? list : [...list, channel] };
    });
  }

  function toggleOptIn(type: NotificationType, channel: OptInChannel, wanted: boolean) {
    setOn((prev) => {
      const list = (prev[type] ?? []).filter((c) => c !== channel);
      return { ...prev, [type]: wanted ? [...list, channel] : list };
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      {
        off,
        on,
        quietHours: quiet ? { from, to } : null,
        timeZone: current.quietHours ? current.timeZone : browserTimeZone(current.timeZone),
      },
      {
        onSuccess: () => toast.success(t('notifications.preferences.saved')),
        onError: (error) =>
          toast.error(
            isApiError(error) ? translateError(t, error) : t('notifications.preferences.saveError'),
          ),
      },
    );
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      {phoneChannels.length > 0 ? (
        <p className="field__hint">
          {smsChannel ? t('notifications.preferences.smsIntro') : null}{' '}
          {whatsappChannel ? t('notifications.preferences.whatsappIntro') : null}{' '}
          {phoneReady
            ? null
            : t(
                whatsappChannel
                  ? smsChannel
                    ? 'notifications.preferences.phoneVerify'
                    : 'notifications.preferences.phoneVerifyWhatsapp'
                  : 'notifications.preferences.smsVerify',
              )}
        </p>
      ) : null}
      <div className="notification-prefs">
        {kinds.map((type) => (
          <fieldset key={type} className="notification-prefs__type" data-type={type}>
            <legend className="field__label">{t(`notifications.filter.${type}`)}</legend>
            <div className="weekday-chips">
              {NOTIFICATION_CHANNELS.map((channel) => (
                <label key={channel} className="weekday-chip">
                  <input
                    type="checkbox"
                    name={`${type}.${channel}`}
                    checked={!(off[type] ?? []).includes(channel)}
                    onChange={(event) => toggle(type, channel, event.target.checked)}
                  />
                  <span>{t(`notifications.preferences.${channel}`)}</span>
                </label>
              ))}
              {phoneReady
                ? phoneChannels.map((channel) => (
                    <label key={channel} className="weekday-chip">
                      <input
                        type="checkbox"
                        name={`${type}.${channel}`}
                        checked={(on[type] ?? []).includes(channel)}
                        onChange={(event) => toggleOptIn(type, channel, event.target.checked)}
                      />
                      <span>{t(`notifications.preferences.${channel}`)}</span>
                    </label>
                  ))
                : null}
            </div>
          </fieldset>
        ))}
      </div>
      <h3 className="section-heading">{t('notifications.preferences.quietTitle')}</h3>
      <CheckboxField
        label={t(
          whatsappChannel
            ? 'notifications.preferences.quietLabelPhone'
            : smsChannel
              ? 'notifications.preferences.quietLabelSms'
              : 'notifications.preferences.quietLabel',
        )}
        name="quietHours"
        checked={quiet}
        onChange={(event) => setQuiet(event.target.checked)}
      />
      <p className="field__hint">
        {t(
          whatsappChannel
            ? smsChannel
              ? 'notifications.preferences.quietHintPhone'
              : 'notifications.preferences.quietHintWhatsapp'
            : smsChannel
              ? 'notifications.preferences.quietHintSms'
              : 'notifications.preferences.quietHint',
        )}
      </p>
      {quiet ? (
        <div className="form__pair">
          <TextField
            label={t('notifications.preferences.from')}
            name="quietFrom"
            type="time"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <TextField
            label={t('notifications.preferences.to')}
            name="quietTo"
            type="time"
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
      ) : null}
      <div className="form__actions">
        <Button type="submit" loading={save.isPending}>
          {t('notifications.preferences.save')}
        </Button>
      </div>
    </form>
  );
}
