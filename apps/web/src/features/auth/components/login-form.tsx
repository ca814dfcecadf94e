import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Role, UserProfile } from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import { loadFormSchemas, preloadFormSchemas, type FormSchemas } from '../../../lib/form-schemas';
import {
  fieldMessage,
  focusFirstInvalid,
  issuesToFieldCodes,
  type FieldCodes,
} from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { plainClick } from '../../../lib/plain-click';
import { useChecking } from '../../../lib/use-checking';
import {
  failedForWantOfSignal,
  useSendAgainOnReconnection,
} from '../../../lib/send-again-on-reconnection';

interface LoginFormProps {
  /** Restricts who may sign in here; others get "You are not authorized to log in here." */
  allowedRoles?: Role[];
  onSuccess: (user: UserProfile) => void;
  onForgotPassword: (email: string) => void;
}

export function LoginForm({ allowedRoles, onSuccess, onForgotPassword }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldCodes, setFieldCodes] = useState<FieldCodes>({});
  const [formError, setFormError] = useState<string | null>(null);
  const loginMutation = useLogin();
  const checking = useChecking();
  const [waitingForSignal, setWaitingForSignal] = useState(false);
  useSendAgainOnReconnection(formRef, waitingForSignal);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loginMutation.isPending || checking.current) return;
    setFormError(null);
    setWaitingForSignal(false);
    checking.current = true;
    loadFormSchemas()
      .then(({ loginInputSchema }) => send(loginInputSchema))
      .catch((error: unknown) => {
        setFormError(translateError(t, error));
        setWaitingForSignal(failedForWantOfSignal(error));
      })
      .finally(() => {
        checking.current = false;
      });
  }

  function send(loginInputSchema: FormSchemas['loginInputSchema']) {
    const parsed = loginInputSchema.safeParse({ email, password, rememberMe, allowedRoles });
    if (!parsed.success) {
      setFieldCodes(issuesToFieldCodes(parsed.error.issues));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setFieldCodes({});
    loginMutation.mutate(parsed.data, {
      onSuccess: ({ user }) => {
        // In the account's language, which signing in has just turned the app to: `t` is the
        // page's, fixed when the form was sent.
        toast.success(i18n.t('auth.toast.welcomeBack'));
        onSuccess(user);
      },
      onError: (error) => {
        const invalid = isApiError(error) && error.code === 'INVALID_CREDENTIALS';
        const message = translateError(t, error);
        setFormError(message);
        setWaitingForSignal(failedForWantOfSignal(error));
        // The seed's toast is the short form; the full sentence stays on the form.
        toast.error(invalid ? t('auth.toast.invalidCredentials') : message);
        requestAnimationFrame(() => alertRef.current?.focus());
      },
    });
  }

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={handleSubmit}
      onFocus={preloadFormSchemas}
      // An edit after a failed send: the person sends it when ready, not the reconnection.
      onInput={() => setWaitingForSignal(false)}
    >
      {formError ? (
        <Alert ref={alertRef} tone="error">
          {formError}
        </Alert>
      ) : null}
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldMessage(t, fieldCodes.email)}
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldMessage(t, fieldCodes.password)}
      />
      <div className="form__row form__row--between">
        <CheckboxField
          label={t('auth.rememberMe')}
          name="rememberMe"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        {/* A link to the form's own address, so that a tap before the app has loaded (on a slow
            phone) still opens it: that page is served ready-made. */}
        <a
          href="/login?forgot=1"
          className="link-button"
          onClick={(event) => {
            if (plainClick(event)) {
              event.preventDefault();
              onForgotPassword(email);
            }
          }}
        >
          {t('auth.forgotPassword')}
        </a>
      </div>
      <Button type="submit" size="lg" block loading={checking.busy || loginMutation.isPending}>
        {t('auth.login.submit')}
      </Button>
      <p className="form__footer">
        {t('auth.login.noAccount')}{' '}
        <Link to="/register" className="text-link">
          {t('auth.login.registerLink')}
        </Link>
      </p>
    </form>
  );
}
