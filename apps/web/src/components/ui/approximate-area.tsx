import { useTranslation } from 'react-i18next';

/**
 * Where another person is, as far as the viewer may know (product rules 4b): their locality,
 * marked approximate, and when the exact address and contact details appear.
 */
export function ApproximateArea({ area }: { area: string }) {
  const { t } = useTranslation();
  return (
    <span className="approximate-area">
      <span>{area ? t('privacy.approximate', { area }) : t('privacy.areaUnknown')}</span>
      <small className="approximate-area__hint">{t('privacy.shownWhenMatched')}</small>
    </span>
  );
}
