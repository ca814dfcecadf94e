import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import { fieldMessage } from '../../../lib/form-errors';
import { codeDigits } from '../../../lib/one-time-code';
import { useSingleFlight } from '../../../lib/single-flight';
import { smsOffered, textMessagesOffered } from '../../../lib/sms-channel';
import { toast } from '../../../lib/toast';
import { useRequestPhoneCode, useVerifyPhone } from '../api/verify-phone';

const noChanges = () => () => undefined;

/**
 * "Verify this number": the number saved on the profile proved by a code sent to it (by SMS, or
 * by WhatsApp where the server has no SMSC), so it can sign in and receive messages. Shown only
 * when the server can send codes.
 */
export function PhoneVerification({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const offered = useSyncExternalStore(noChanges, smsOffered, () => false);
  // The number the last code went to: a number changed since then needs a code of its own.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sent = sentTo !== null && sentTo === user.phone;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  // A double tap asks for one code: each counts against the number's limit.
  const requestCode = useSingleFlight(useRequestPhoneCode());
  const verify = useSingleFlight(useVerifyPhone());

  if (!offered) return null;
  if (user.phoneVerified) {
    return (
      <p className="form__footer">{t('profile.phoneVerify.verified', { phone: user.phone })}</p>
    );
  }

  function handleRequest() {
    setError(undefined);
    const phone = user.phone;
    const again = sent;
    requestCode.mutate(undefined, {
      onSuccess: () => {
        if (again) toast.success(t('auth.phone.resent'));
        setSentTo(phone);
      },
      onError: (failure) => setError(translateError(t, failure)),
    });
  }

  function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    if (!/^[0-9]{6}$/.test(code.trim())) {
      setError(fieldMessage(t, code.trim() ? 'OTP_INVALID' : 'REQUIRED_FIELDS_MISSING'));
      return;
    }
    verify.mutate(
      { code: code.trim() },
      {
        onSuccess: () => {
          toast.success(t('profile.phoneVerify.done'));
          setSentTo(null);
          setCode('');
        },
        onError: (failure) => {
          const field = isApiError(failure) ? failure.details[0]?.code : undefined;
          setError(field ? fieldMessage(t, field) : translateError(t, failure));
        },
      },
    );
  }

  if (!sent) {
    return (
      <div className="form">
        <p>{t('profile.phoneVerify.notVerified', { phone: user.phone })}</p>
        {error ? <p role="alert">{error}</p> : null}
        <Button
          type="button"
          variant="secondary"
          loading={requestCode.isPending}
          onClick={handleRequest}
        >
          {t('profile.phoneVerify.verify')}
        </Button>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={handleVerify}>
      <p role="status">
        {t(
          textMessagesOffered() ? 'profile.phoneVerify.sent' : 'profile.phoneVerify.sentWhatsapp',
          {
            phone: user.phone,
          },
        )}
      </p>
      <TextField
        label={t('auth.phone.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        // A code pasted with spaces ("096 106") is read by its digits.
        maxLength={12}
        required
        value={code}
        onChange={(event) => setCode(codeDigits(event.target.value))}
        error={error}
      />
      <div className="form__row form__row--between">
        <Button type="submit" loading={verify.isPending}>
          {t('profile.phoneVerify.confirm')}
        </Button>
        <button type="button" className="link-button" onClick={handleRequest}>
          {t('auth.phone.resend')}
        </button>
      </div>
    </form>
  );
}
