import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FoodRequest } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/use-format';
import { FeedbackDialog } from './feedback-dialog';

/**
 * On a delivered request: "Rate the pickup" for the donor, "Rate the food" for the receiver, or
 * "You rated N" once they have. The server says what the reader rates (`myFeedback`).
 */
export function FeedbackAction({ request }: { request: FoodRequest }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const [open, setOpen] = useState(false);
  // The stars just sent, shown at once while the list refetches.
  const [sent, setSent] = useState<number | null>(null);
  const mine = request.myFeedback;
  if (!mine) return null;
  const stars = mine.stars ?? sent;
  if (stars !== null)
    return <p className="feedback-given">{t('feedback.youRated', { stars: number(stars) })}</p>;
  return (
    <div className="item-card__actions">
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t(`feedback.open.${mine.kind}`)}
      </Button>
      <FeedbackDialog
        target={open ? { request, kind: mine.kind } : null}
        onClose={() => setOpen(false)}
        onRated={setSent}
      />
    </div>
  );
}
