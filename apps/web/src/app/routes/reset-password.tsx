import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { AuthShell } from '../layouts/auth-shell';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  return (
    <AuthShell title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      {token ? (
        <ResetPasswordForm
          token={token}
          onDone={() => void navigate('/login', { replace: true })}
        />
      ) : (
        <Alert tone="error">
          {t('errors.RESET_TOKEN_INVALID')}{' '}
          <Link to="/login?forgot=1" className="text-link">
            {t('auth.reset.requestNew')}
          </Link>
        </Alert>
      )}
    </AuthShell>
  );
}

export { ResetPasswordPage as Component };
