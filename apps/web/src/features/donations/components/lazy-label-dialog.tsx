import { Suspense, lazy, useState } from 'react';
import type { Donation } from '@annasetu/domain';

// The label dialog loads with the first tap on "Print label": the donor's page keeps its first
// download, and the PDF code behind it loads only when a label is downloaded.
const LabelDialog = lazy(() =>
  import('./label-dialog').then((module) => ({ default: module.LabelDialog })),
);

/** The label dialog, loaded once first opened and kept on the page after (focus returns). */
export function LazyLabelDialog({
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
      <LabelDialog donation={donation} onClose={onClose} />
    </Suspense>
  );
}
