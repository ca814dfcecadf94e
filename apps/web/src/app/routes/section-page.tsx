import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { homePathForRole } from '@annasetu/domain';
import { useSession } from '../../lib/session';

export type SectionKey =
  'donations' | 'requests' | 'analytics' | 'notifications' | 'chatbot' | 'map' | 'admin';

interface SectionPageProps {
  section: SectionKey;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** A section's frame: its heading and purpose, and an empty state until it has content. */
export function SectionPage({ section, icon: Icon }: SectionPageProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="page">
      <PageHeader
        title={t(`sections.${section}.title`)}
        description={t(`sections.${section}.description`)}
      />
      <div className="empty-state">
        <span className="empty-state__icon">
          <Icon />
        </span>
        <p className="empty-state__title">{t(`sections.${section}.emptyTitle`)}</p>
        <p className="empty-state__body">{t(`sections.${section}.emptyBody`)}</p>
        <ButtonLink to={user ? homePathForRole(user.role) : '/dashboard'} variant="secondary">
          {t('sections.backToDashboard')}
        </ButtonLink>
      </div>
    </div>
  );
}
