import { useEffect, type RefObject } from 'react';
import { isApiError } from './api-client';

/** Whether a form's sending failed for want of signal (no answer from the server at all). */
export function failedForWantOfSignal(error: unknown): boolean {
  if (isApiError(error)) return error.status === 0;
  // The form's own code could not be fetched (a chunk load failing with no signal).
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/**
 * A form sent with no signal is sent again, once, when the signal comes back: the person who
 * tapped "Log in" on a bus does not have to notice the signal and tap again (the offline banner
 * promises as much). `waiting` is true from that failure until the form is sent again.
 */
export function useSendAgainOnReconnection(
  formRef: RefObject<HTMLFormElement | null>,
  waiting: boolean,
): void {
  useEffect(() => {
    if (!waiting) return;
    const again = () => formRef.current?.requestSubmit();
    window.addEventListener('online', again, { once: true });
    return () => window.removeEventListener('online', again);
  }, [formRef, waiting]);
}
