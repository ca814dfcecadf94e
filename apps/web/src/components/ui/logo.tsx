import { useTranslation } from 'react-i18next';

/** The mark (a bowl under an arch: food crossing a bridge) and the product name. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
        <path
          d="M6 14c3-5.5 7-7.5 10-7.5s7 2 10 7.5"
          stroke="var(--color-saffron)"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
        />
        <path d="M7 16.5h18a9 9 0 0 1-18 0Z" fill="#fff" />
      </svg>
      {compact ? null : <span className="logo__name">{t('app.name')}</span>}
    </span>
  );
}
