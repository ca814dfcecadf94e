import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

// The title of the page being rendered ahead of time (effects do not run on the server).
let renderedTitle = '';

/** The title the last page rendered ahead of time asked for; read once per page. */
export function takeRenderedTitle(): string {
  const title = renderedTitle;
  renderedTitle = '';
  return title;
}

/** "Page · AnnaSetu" in the current language, so every screen names its tab (WCAG 2.4.2). */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  if (import.meta.env.SSR) renderedTitle = title ? `${title} · ${appName}` : appName;
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
