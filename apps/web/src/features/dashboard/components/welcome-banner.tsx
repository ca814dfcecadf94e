import { useTranslation } from 'react-i18next';
import type { Role } from '@annasetu/domain';

/** The greeting at the top of a dashboard, with the role's tagline. */
export function WelcomeBanner({ name, role }: { name: string; role: Role }) {
  const { t } = useTranslation();
  return (
    <section className="welcome">
      <p className="welcome__role">{t(`roles.${role}.label`)}</p>
      <h1 className="welcome__title" tabIndex={-1}>
        {t('dashboard.welcome', { name })}
      </h1>
      <p className="welcome__tagline">{t(`roles.${role}.tagline`)}</p>
    </section>
  );
}
