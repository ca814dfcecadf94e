import { Suspense, lazy, useState, type ComponentProps } from 'react';

// The receipt dialog loads with the first tap on "Confirm receipt": only receivers open it, and
// the pages that offer it (requests, a donation's own page) keep their first download small.
const ReceiptDialog = lazy(() =>
  import('./receipt-dialog').then((module) => ({ default: module.ReceiptDialog })),
);

type ReceiptDialogProps = ComponentProps<typeof ReceiptDialog>;

/** The receipt dialog, loaded once first opened and kept on the page after (focus returns). */
export function LazyReceiptDialog({ target, onClose }: ReceiptDialogProps) {
  const [opened, setOpened] = useState(false);
  if (target && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ReceiptDialog target={target} onClose={onClose} />
    </Suspense>
  );
}
