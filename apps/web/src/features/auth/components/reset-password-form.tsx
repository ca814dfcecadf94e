import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import { fieldMessage, focusFirstInvalid, type FieldCodes } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/password-reset';

function validate(password: string, confirmPassword: string): FieldCodes {
  const codes: FieldCodes = {};
  if (!password) codes.password = 'REQUIRED_FIELDS_MISSING';
  else if (password.length < PASSWORD_MIN_LENGTH) codes.password = 'PASSWORD_TOO_SHORT';
  else if (password.length > PASSWORD_MAX_LENGTH) codes.password = 'PASSWORD_TOO_LONG';
  if (password !== confirmPassword) codes.confirmPassword = 'PASSWORDS_DO_NOT_MATCH';
  return codes;
}

/** Sets a new password with the token from the emailed link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [codes, setCodes] = useState<FieldCodes>({});
  const mutation = useResetPassword();
  const tokenInvalid = isApiError(mutation.error) && mutation.error.code === 'RESET_TOKEN_INVALID';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const next = validate(password, confirmPassword);
    setCodes(next);
    if (Object.keys(next).length) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: () => {
          toast.success(t('auth.reset.done'));
          onDone();
        },
      },
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {mutation.isError ? (
        <Alert tone="error">
          {translateError(t, mutation.error)}
          {tokenInvalid ? (
            <>
              {' '}
              <Link to="/login?forgot=1" className="text-link">
                {t('auth.reset.requestNew')}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <PasswordField
        label={t('fields.newPassword')}
        name="password"
        autoComplete="new-password"
        required
        hint={t('validation.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldMessage(t, codes.password)}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        error={fieldMessage(t, codes.confirmPassword)}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
