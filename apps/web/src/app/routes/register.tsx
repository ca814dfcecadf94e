import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_ROLE, REGISTRABLE_ROLES, type RegistrableRole } from '@annasetu/domain';
import { RegisterForm } from '../../features/auth/components/register-form';
import { pathAfterSignIn } from '../guard';
import { AuthShell } from '../layouts/auth-shell';

function roleFromQuery(value: string | null): RegistrableRole {
  return (REGISTRABLE_ROLES as readonly string[]).includes(value ?? '')
    ? (value as RegistrableRole)
    : DEFAULT_ROLE;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();

  return (
    <AuthShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} wide>
      <RegisterForm
        initialRole={roleFromQuery(params.get('role'))}
        onSuccess={(user) =>
          void navigate(pathAfterSignIn(user.role, location.state), { replace: true })
        }
      />
    </AuthShell>
  );
}

export { RegisterPage as Component };
