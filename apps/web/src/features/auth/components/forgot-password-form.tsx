import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { translateError } from '../../../lib/errors';
import { fieldMessage } from '../../../lib/form-errors';
import { loadFormSchemas, preloadFormSchemas } from '../../../lib/form-schemas';
import { useRequestPasswordReset } from '../api/password-reset';
import { plainClick } from '../../../lib/plain-click';
import { useChecking } from '../../../lib/use-checking';

interface ForgotPasswordFormProps {
  initialEmail?: string;
  onBack: () => void;
}

/** Asks for an email and answers the same way whether or not an account exists. */
export function ForgotPasswordForm({ initialEmail = '', onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [errorCode, setErrorCode] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useRequestPasswordReset();
  const checking = useChecking();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || checking.current) return;
    checking.current = true;
    loadFormSchemas()
      .then(({ emailSchema }) => {
        const parsed = emailSchema.safeParse(email);
        if (!parsed.success) {
          setErrorCode(parsed.error.issues[0]?.message ?? 'EMAIL_INVALID');
          inputRef.current?.focus();
          return;
        }
        setErrorCode(undefined);
        mutation.mutate({ email: parsed.data }, { onSuccess: () => setSentTo(parsed.data) });
      })
      .catch(() => setErrorCode('NETWORK_ERROR'))
      .finally(() => {
        checking.current = false;
      });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit} onFocus={preloadFormSchemas}>
      <h2 className="form__title">{t('auth.forgot.title')}</h2>
      <p className="form__intro">{t('auth.forgot.intro')}</p>
      {sentTo ? (
        <Alert tone="success" title={t('auth.forgot.sentTitle')}>
          {t('auth.forgot.sent', { email: sentTo })}
        </Alert>
      ) : null}
      {mutation.isError ? <Alert tone="error">{translateError(t, mutation.error)}</Alert> : null}
      <TextField
        ref={inputRef}
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldMessage(t, errorCode)}
      />
      <Button type="submit" size="lg" block loading={checking.busy || mutation.isPending}>
        {t('auth.forgot.submit')}
      </Button>
      {/* A link, so that a tap before the app has loaded still goes back (see the login form). */}
      <a
        href="/login"
        className="link-button link-button--center"
        onClick={(event) => {
          if (plainClick(event)) {
            event.preventDefault();
            onBack();
          }
        }}
      >
        {t('auth.forgot.back')}
      </a>
    </form>
  );
}
