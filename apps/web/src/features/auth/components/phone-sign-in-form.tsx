import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ONE_TIME_CODE, type UserProfile } from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import { fieldMessage } from '../../../lib/form-errors';
import { codeDigits } from '../../../lib/one-time-code';
import { textMessagesOffered } from '../../../lib/sms-channel';
import { toast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/single-flight';
import { useStepInAddress } from '../../../lib/use-step-in-address';
import { useRequestSignInCode, useVerifySignInCode } from '../api/phone-sign-in';

interface PhoneSignInFormProps {
  onSuccess: (user: UserProfile) => void;
  onUseEmail: () => void;
}

/** A field's code from a refused request, when the refusal is about that field. */
function fieldCodeOf(error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.details.find((d) => d.field === field)?.code;
}

const SENT_TO_KEY = 'annasetu.signInCodeSentTo';

function readKept(): { phone: string; until: number } | null {
  try {
    return JSON.parse(sessionStorage.getItem(SENT_TO_KEY) ?? 'null') as {
      phone: string;
      until: number;
    } | null;
  } catch {
    return null;
  }
}

/** The number a sign-in code went to in this tab, while that code can still be used. */
function readSentTo(): string | null {
  const kept = readKept();
  return kept && kept.until > Date.now() ? kept.phone : null;
}

/** When the last code sent from this tab stops working (0 when none is known). */
function codeValidUntil(): number {
  return readKept()?.until ?? 0;
}

function keepSentTo(phone: string | null) {
  try {
    if (phone === null) sessionStorage.removeItem(SENT_TO_KEY);
    else
      sessionStorage.setItem(
        SENT_TO_KEY,
        JSON.stringify({ phone, until: Date.now() + ONE_TIME_CODE.validSeconds * 1000 }),
      );
  } catch {
    // Storage refused (a private window): a reload asks for the number again.
  }
}

/**
 * Sign-in with a phone number: the number, then the six digits texted to it. The server answers
 * the first step alike whether or not the number has an account, and so does this form.
 */
export function PhoneSignInForm({ onSuccess, onUseEmail }: PhoneSignInFormProps) {
  const { t, i18n } = useTranslation();
  const alertRef = useRef<HTMLDivElement>(null);
  // The number the last code went to, kept for this tab so a reload at the code step still
  // shows the code field (the code is in the text message, not on the page), and "Send a new
  // code" or Back still know the number.
  const [sentTo, setSentTo] = useState<string | null>(readSentTo);
  const [phone, setPhone] = useState(() => sentTo ?? '');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  // Two quick taps on "Send a new code" ask for one code: each counts against the number's limit.
  const requestCode = useSingleFlight(useRequestSignInCode());
  const verifyCode = useSingleFlight(useVerifySignInCode());
  // The code step is a step of the address: Back returns to the number (still filled in) instead
  // of leaving the sign-in page. An address at the code step with no code sent (a reload) shows
  // the number.
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [codeStep, showCodeStep] = useStepInAddress(params.get('step') === 'code');

  function goToStep(step: 'number' | 'code') {
    showCodeStep(step === 'code');
    setParams(step === 'code' ? { by: 'phone', step: 'code' } : { by: 'phone' }, {
      state: location.state,
    });
  }

  function showError(error: unknown, field: 'phone' | 'code') {
    // "Send a new code" refused by the number's limit, while the last code still works: say so,
    // beside "a code is on its way", instead of a bare "too many codes".
    const codeLeftMs = codeValidUntil() - Date.now();
    if (isApiError(error) && error.code === 'OTP_RATE_LIMITED' && codeStep && codeLeftMs > 0) {
      setFormError(t('auth.phone.noNewCode', { minutes: Math.ceil(codeLeftMs / 60_000) }));
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    const fieldCode = fieldCodeOf(error, field);
    if (fieldCode) {
      (field === 'phone' ? setPhoneError : setCodeError)(fieldMessage(t, fieldCode));
      return;
    }
    setFormError(translateError(t, error));
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  function handleRequest(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (requestCode.isPending) return;
    setFormError(null);
    setPhoneError(undefined);
    if (!phone.trim()) {
      setPhoneError(t('validation.required'));
      return;
    }
    requestCode.mutate(
      { phone },
      {
        onSuccess: () => {
          // A second code replaces the first: say so, or the first one typed fails unexplained.
          if (sentTo === phone.trim()) toast.success(t('auth.phone.resent'));
          setSentTo(phone.trim());
          keepSentTo(phone.trim());
          setCode('');
          setCodeError(undefined);
          if (!codeStep || sentTo === null) goToStep('code');
        },
        onError: (error) => showError(error, 'phone'),
      },
    );
  }

  function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verifyCode.isPending || !sentTo) return;
    setFormError(null);
    setCodeError(undefined);
    if (!/^[0-9]{6}$/.test(code.trim())) {
      setCodeError(fieldMessage(t, code.trim() ? 'OTP_INVALID' : 'REQUIRED_FIELDS_MISSING'));
      return;
    }
    verifyCode.mutate(
      { phone: sentTo, code: code.trim() },
      {
        onSuccess: ({ user }) => {
          keepSentTo(null);
          // In the account's language, which signing in has just turned the app to: `t` is the
          // page's, fixed when the form was sent.
          toast.success(i18n.t('auth.toast.welcomeBack'));
          onSuccess(user);
        },
        onError: (error) => showError(error, 'code'),
      },
    );
  }

  const alert = formError ? (
    <Alert ref={alertRef} tone="error">
      {formError}
    </Alert>
  ) : null;

  if (sentTo === null || !codeStep) {
    return (
      // Each step its own form (key): fields the steps do not share are not reused between them.
      <form key="number" className="form" noValidate onSubmit={handleRequest}>
        {alert}
        <TextField
          label={t('auth.phone.number')}
          hint={t(
            textMessagesOffered() ? 'auth.phone.numberHint' : 'auth.phone.numberHintWhatsapp',
          )}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={phoneError}
        />
        <Button type="submit" size="lg" block loading={requestCode.isPending}>
          {t('auth.phone.sendCode')}
        </Button>
        <p className="form__footer">
          <button type="button" className="link-button" onClick={onUseEmail}>
            {t('auth.phone.useEmail')}
          </button>
        </p>
      </form>
    );
  }

  return (
    <form key="code" className="form" noValidate onSubmit={handleVerify}>
      {alert}
      <p role="status">
        {t(textMessagesOffered() ? 'auth.phone.sent' : 'auth.phone.sentWhatsapp', {
          phone: sentTo,
        })}
      </p>
      <TextField
        label={t('auth.phone.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        // Room for a code pasted with spaces, read by its digits.
        maxLength={12}
        required
        value={code}
        onChange={(event) => setCode(codeDigits(event.target.value))}
        error={codeError}
      />
      <Button type="submit" size="lg" block loading={verifyCode.isPending}>
        {t('auth.phone.signIn')}
      </Button>
      <div className="form__row form__row--between">
        <button
          type="button"
          className="link-button"
          disabled={requestCode.isPending}
          onClick={() => handleRequest()}
        >
          {t('auth.phone.resend')}
        </button>
        <button type="button" className="link-button" onClick={() => goToStep('number')}>
          {t('auth.phone.otherNumber')}
        </button>
      </div>
    </form>
  );
}
