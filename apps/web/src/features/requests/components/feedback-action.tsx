import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FoodRequest } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/use-format';
import { useCloseDialogInAddress, useDialogInAddress } from '../lib/dialog-in-address';

// The rating dialog loads when first opened: most cards never open it, and the requests
// screen keeps within its first-download budget.
const FeedbackDialog = lazy(() =>
  import('./feedback-dialog').then((module) => ({ default: module.FeedbackDialog })),
);

/**
 * On a delivered request: "Rate the pickup" for the donor, "Rate the food" for the receiver, or
 * "You rated N" once they have. The server says what the reader rates (`myFeedback`).
 */
export function FeedbackAction({ request }: { request: FoodRequest }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  // The open dialog is in the address (`?rate=<id>`): the phone's back button closes it.
  const { open, show } = useDialogInAddress('rate', request.id);
  const close = useCloseDialogInAddress('rate');
  // Once opened, the dialog stays on the page, so closing it returns focus as usual.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  // The stars just sent, shown at once while the list refetches.
  const [sent, setSent] = useState<number | null>(null);
  const mine = request.myFeedback;
  if (!mine) return null;
  const stars = mine.stars ?? sent;
  if (stars !== null)
    return <p className="feedback-given">{t('feedback.youRated', { stars: number(stars) })}</p>;
  return (
    <div className="item-card__actions">
      <Button size="sm" variant="secondary" onClick={show}>
        {t(`feedback.open.${mine.kind}`)}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <FeedbackDialog
            target={open ? { request, kind: mine.kind } : null}
            onClose={close}
            onRated={setSent}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
