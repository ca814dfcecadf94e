import { UI_TIMINGS } from '@annasetu/domain';
import type { ToastOptions, toast as hotToast } from 'react-hot-toast';

/** Toast durations from the product constants: 4 s default, 2 s for success, loading until done. */
export const TOAST_OPTIONS: ToastOptions & {
  success: ToastOptions;
  error: ToastOptions;
  loading: ToastOptions;
} = {
  duration: UI_TIMINGS.toastDefaultMs,
  success: { duration: UI_TIMINGS.toastSuccessMs },
  error: { duration: UI_TIMINGS.toastDefaultMs },
  loading: { duration: Infinity },
};

/** At most this many toasts are on screen; older ones are dismissed first. */
export const TOAST_LIMIT = UI_TIMINGS.toastLimit;

interface ToastModule {
  toast: typeof hotToast;
}

let loading: Promise<ToastModule> | null = null;
const listeners = new Set<() => void>();
let requested = false;

/**
 * The toast library loads with the first toast, not with the landing page: the page a visitor
 * first sees never shows one, and its JavaScript budget is tight.
 */
export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('react-hot-toast');
    requested = true;
    listeners.forEach((listener) => listener());
  }
  return loading;
}

/** Lets the toast host mount the toaster once the first toast is asked for. */
export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastsRequested(): boolean {
  return requested;
}

/** The app's toasts: success (2 s), error (4 s), loading (until dismissed or replaced). */
export const toast = {
  success(message: string, options?: ToastOptions): Promise<string> {
    return loadToasts().then(({ toast: t }) => t.success(message, options));
  },
  error(message: string, options?: ToastOptions): Promise<string> {
    return loadToasts().then(({ toast: t }) => t.error(message, options));
  },
  loading(message: string, options?: ToastOptions): Promise<string> {
    return loadToasts().then(({ toast: t }) => t.loading(message, options));
  },
  message(message: string, options?: ToastOptions): Promise<string> {
    return loadToasts().then(({ toast: t }) => t(message, options));
  },
  dismiss(id?: string): Promise<void> {
    return loadToasts().then(({ toast: t }) => t.dismiss(id));
  },
};
