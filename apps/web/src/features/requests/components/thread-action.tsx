import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FoodRequest } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { useDialogInAddress } from '../lib/dialog-in-address';

// The conversation loads when first opened: most cards never open it, and the requests screen
// keeps within its first-download budget.
const ThreadDialog = lazy(() =>
  import('./thread-dialog').then((module) => ({ default: module.ThreadDialog })),
);

/** A request still waiting for the donor, or declined, was never a match: nothing to talk through. */
const NO_THREAD: ReadonlySet<FoodRequest['status']> = new Set(['pending', 'rejected']);

/**
 * "Messages" on a matched request's card: its donor, volunteer and receiver talk the pickup
 * through (decision 0065). The open conversation is in the address (`?thread=<id>`, as a
 * notification of a message links it), so the phone's back button closes it, as in any app.
 */
export function ThreadAction({ request }: { request: FoodRequest }) {
  const { t } = useTranslation();
  const { open, show } = useDialogInAddress('thread', request.id);
  // Once opened, the dialog stays on the page, so closing it returns focus as usual.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (NO_THREAD.has(request.status)) return null;
  return (
    <div className="item-card__actions">
      <Button
        size="sm"
        variant="secondary"
        // Opened here: closing it goes back (see thread-dialog.tsx).
        onClick={show}
      >
        {t('thread.open')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ThreadDialog request={request} open={open} />
        </Suspense>
      ) : null}
    </div>
  );
}
