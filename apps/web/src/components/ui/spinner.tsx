import { useTranslation } from 'react-i18next';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Decorative spinners sit inside something that already announces the busy state. */
  decorative?: boolean;
  label?: string;
}

export function Spinner({ size = 'md', decorative = false, label }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="spinner-wrap__label">{label}</span>
    </span>
  );
}

/** The guard's and the lazy routes' waiting state: a spinner with "Loading...". */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={t('common.loading')} />
    </div>
  );
}
