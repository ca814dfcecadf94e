import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Page · AnnaSetu" in the current language, so every screen names its tab (WCAG 2.4.2). */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
