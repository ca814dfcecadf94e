import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import { fieldMessage } from '../../../lib/form-errors';
import { smsOffered } from '../../../lib/sms-channel';
import { toast } from '../../../lib/toast';
import { useRequestPhoneCode, useVerifyPhone } from '../api/verify-phone';

const noChanges = () => () => undefined;

/**
 * "Verify this number": the number saved on the profile proved by a code texted to it, so it
 * can sign in and, later, receive messages. Shown only when the server can send SMS.
 */
export function PhoneVerification({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const offered = useSyncExternalStore(noChanges, smsOffered, () => false);
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const requestCode = useRequestPhoneCode();
  const verify = useVerifyPhone();

  if (!offered) return null;
  if (user.phoneVerified) {
    return (
      <p className="form__footer">{t('profile.phoneVerify.verified', { phone: user.phone })}</p>
    );
  }

  function handleRequest() {
    setError(undefined);
    requestCode.mutate(undefined, {
      onSuccess: () => setSent(true),
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
          setSent(false);
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
      <p role="status">{t('profile.phoneVerify.sent', { phone: user.phone })}</p>
      <TextField
        label={t('auth.phone.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
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
