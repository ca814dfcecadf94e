import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UserProfile } from '@annasetu/domain';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { PhoneSignInForm } from '../../features/auth/components/phone-sign-in-form';
import { smsOffered } from '../../lib/sms-channel';
import { Button } from '../../components/ui/button';
import { pathAfterSignIn } from '../guard';
import { AuthShell } from '../layouts/auth-shell';

const noChanges = () => () => undefined;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [forgotEmail, setForgotEmail] = useState('');
  const forgotInUrl = params.get('forgot') === '1';
  // The router moves to a new address in a transition, which a slow phone may take half a
  // second to render: the tapped form is shown at once, and the address follows. Once the
  // address changes (it caught up, or the visitor went elsewhere), it decides again.
  const [shownForgot, setShownForgot] = useState<boolean | null>(null);
  const [addressSeen, setAddressSeen] = useState(forgotInUrl);
  if (addressSeen !== forgotInUrl) {
    setAddressSeen(forgotInUrl);
    setShownForgot(null);
  }
  const forgot = shownForgot ?? forgotInUrl;
  // Offered only when the server can send SMS; the HTML rendered at build time never shows it,
  // so the page hydrates as built and the choice appears right after.
  const phoneOffered = useSyncExternalStore(noChanges, smsOffered, () => false);
  const [byPhone, setByPhone] = useState(false);

  function handleSuccess(user: UserProfile) {
    void navigate(pathAfterSignIn(user.role, location.state), { replace: true });
  }

  function showForgot(open: boolean, email = '') {
    setForgotEmail(email);
    setShownForgot(open);
    setParams(open ? { forgot: '1' } : {}, { replace: true, state: location.state });
  }

  return (
    <AuthShell
      title={forgot ? t('auth.forgot.pageTitle') : t('auth.login.title')}
      subtitle={forgot ? undefined : t('auth.login.subtitle')}
    >
      {forgot ? (
        <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => showForgot(false)} />
      ) : phoneOffered && byPhone ? (
        <PhoneSignInForm onSuccess={handleSuccess} onUseEmail={() => setByPhone(false)} />
      ) : (
        <>
          <LoginForm
            onSuccess={handleSuccess}
            onForgotPassword={(email) => showForgot(true, email)}
          />
          {phoneOffered ? (
            <div className="form__alternative">
              <Button type="button" variant="secondary" block onClick={() => setByPhone(true)}>
                {t('auth.phone.offer')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </AuthShell>
  );
}

export { LoginPage as Component };
