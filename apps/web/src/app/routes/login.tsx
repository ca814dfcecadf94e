import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UserProfile } from '@annasetu/domain';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { PhoneSignInForm } from '../../features/auth/components/phone-sign-in-form';
import { smsOffered } from '../../lib/sms-channel';
import { useStepInAddress } from '../../lib/use-step-in-address';
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
  // Each form is a step in the address, pushed (not replaced): the phone's Back button returns to
  // the form before instead of leaving the page, and a reload opens the same form.
  const [forgot, showForgotStep] = useStepInAddress(params.get('forgot') === '1');
  // Offered only when the server can send SMS; the HTML rendered at build time never shows it,
  // so the page hydrates as built and the choice appears right after.
  const phoneOffered = useSyncExternalStore(noChanges, smsOffered, () => false);
  const [byPhone, showByPhone] = useStepInAddress(params.get('by') === 'phone');

  function handleSuccess(user: UserProfile) {
    void navigate(pathAfterSignIn(user.role, location.state), { replace: true });
  }

  function showForgot(open: boolean, email = '') {
    setForgotEmail(email);
    showForgotStep(open);
    setParams(open ? { forgot: '1' } : {}, { state: location.state });
  }

  function chooseByPhone(phone: boolean) {
    showByPhone(phone);
    setParams(phone ? { by: 'phone' } : {}, { state: location.state });
  }

  return (
    <AuthShell
      title={forgot ? t('auth.forgot.pageTitle') : t('auth.login.title')}
      subtitle={forgot ? undefined : t('auth.login.subtitle')}
    >
      {forgot ? (
        <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => showForgot(false)} />
      ) : phoneOffered && byPhone ? (
        <PhoneSignInForm onSuccess={handleSuccess} onUseEmail={() => chooseByPhone(false)} />
      ) : (
        <>
          <LoginForm
            onSuccess={handleSuccess}
            onForgotPassword={(email) => showForgot(true, email)}
          />
          {phoneOffered ? (
            <div className="form__alternative">
              <Button type="button" variant="secondary" block onClick={() => chooseByPhone(true)}>
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
