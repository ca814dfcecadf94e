import { useTranslation } from 'react-i18next';
import '../styles/navigation-progress.css';

/**
 * A thin moving bar along the top of the screen while the next page's code loads: the page on
 * screen stays (and can still be read), and the tap is seen to have been taken.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  return (
    <div className="navigation-progress" role="progressbar" aria-label={t('common.loading')}>
      <span className="navigation-progress__bar" />
    </div>
  );
}
