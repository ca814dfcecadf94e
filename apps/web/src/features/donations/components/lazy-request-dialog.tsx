import { Suspense, lazy, useState } from 'react';
import type { Donation } from '@annasetu/domain';

// The request dialog loads with the first tap on Request: the feed's first download stays
// within its budget, and most visits ask for nothing.
const RequestDialog = lazy(() =>
  import('./request-dialog').then((module) => ({ default: module.RequestDialog })),
);

/** The request dialog, loaded once first opened and kept on the page after (focus returns). */
export function LazyRequestDialog({
  donation,
  onClose,
}: {
  donation: Donation | null;
  onClose: () => void;
}) {
  const [opened, setOpened] = useState(false);
  if (donation && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RequestDialog donation={donation} onClose={onClose} />
    </Suspense>
  );
}
