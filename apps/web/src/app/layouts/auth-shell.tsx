import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { LeafIcon, TruckIcon, UsersIcon } from '../../components/ui/icons';
import { LanguageSelect } from '../../features/language/components/language-select';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../styles/auth.css';

interface AuthShellProps {
  title: string;
  subtitle?: string;
  wide?: boolean;
  children: ReactNode;
}

/** Sign-in, sign-up and password pages: a calm form beside a short reminder of why. */
export function AuthShell({ title, subtitle, wide = false, children }: AuthShellProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className={`auth${wide ? ' auth--wide' : ''}`}>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="auth__header">
        <Link to="/" className="auth__brand">
          <Logo />
        </Link>
        <LanguageSelect />
      </header>
      <div className="auth__body">
        <aside className="auth__aside" aria-labelledby="auth-aside-title">
          <h2 id="auth-aside-title" className="auth__aside-title">
            {t('auth.aside.title')}
          </h2>
          <ul className="auth__points">
            <li>
              <LeafIcon />
              <span>{t('auth.aside.point1')}</span>
            </li>
            <li>
              <TruckIcon />
              <span>{t('auth.aside.point2')}</span>
            </li>
            <li>
              <UsersIcon />
              <span>{t('auth.aside.point3')}</span>
            </li>
          </ul>
        </aside>
        <main id="main" className="auth__main">
          <div className="auth__card">
            <h1 className="auth__title" tabIndex={-1}>
              {title}
            </h1>
            {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
