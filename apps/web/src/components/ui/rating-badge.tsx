import { useTranslation } from 'react-i18next';
import type { RatingSummary } from '@annasetu/domain';
import { useFormat } from '../../lib/use-format';

/**
 * A matched person's rating beside their name, "★ 4.5 (12)"; nothing when the server did not
 * send it (not matched) or nobody has rated them yet.
 */
export function RatingBadge({ rating }: { rating: RatingSummary | null | undefined }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  if (!rating || rating.count === 0) return null;
  const average = number(rating.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const count = number(rating.count);
  return (
    <span className="rating-badge" title={t('feedback.ratingLabel', { average, ratings: count })}>
      <span aria-hidden="true">{`★ ${average} (${count})`}</span>
      <span className="sr-only">{t('feedback.ratingLabel', { average, ratings: count })}</span>
    </span>
  );
}
