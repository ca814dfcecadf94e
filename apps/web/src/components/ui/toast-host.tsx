import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsRequested, toastsRequested } from '../../lib/toast';

const AppToaster = lazy(() =>
  import('./toaster').then((module) => ({ default: module.AppToaster })),
);

/** Mounts the toaster with the first toast; until then it costs nothing. */
export function ToastHost() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
