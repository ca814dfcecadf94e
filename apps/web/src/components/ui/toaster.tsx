import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT, TOAST_OPTIONS } from '../../lib/toast';

/**
 * react-hot-toast has no visible-count limit of its own: the store lists the newest first, so
 * everything past the limit is dismissed.
 */
export function AppToaster({ limit = TOAST_LIMIT }: { limit?: number }) {
  const { toasts } = useToasterStore();

  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(limit)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts, limit]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        ...TOAST_OPTIONS,
        className: 'toast',
        success: { ...TOAST_OPTIONS.success, className: 'toast toast--success' },
        error: { ...TOAST_OPTIONS.error, className: 'toast toast--error' },
      }}
    />
  );
}
