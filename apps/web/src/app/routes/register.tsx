import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  DEFAULT_ROLE,
  REGISTRABLE_ROLES,
  homePathForRole,
  type RegistrableRole,
} from '@annasetu/domain';
import { RegisterForm } from '../../features/auth/components/register-form';
import { AuthShell } from '../layouts/auth-shell';

function roleFromQuery(value: string | null): RegistrableRole {
  return (REGISTRABLE_ROLES as readonly string[]).includes(value ?? '')
    ? (value as RegistrableRole)
    : DEFAULT_ROLE;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (
    <AuthShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} wide>
      <RegisterForm
        initialRole={roleFromQuery(params.get('role'))}
        onSuccess={(user) => void navigate(homePathForRole(user.role), { replace: true })}
      />
    </AuthShell>
  );
}

export { RegisterPage as Component };
