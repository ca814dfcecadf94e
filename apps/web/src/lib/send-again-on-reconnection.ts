import { useEffect, type RefObject } from 'react';
import { isApiError } from './api-client';

/** Whether a form's sending failed for want of signal (no answer from the server at all). */
export function failedForWantOfSignal(error: unknown): boolean {
  if (isApiError(error)) return error.status === 0;
  // The form's own code could not be fetched (a chunk load failing with no signal).
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/** How often a form that failed for want of signal is tried again while the phone shows one. */
export const SEND_AGAIN_EVERY_MS = 5_000;

/**
 * A form sent with no signal is sent again when the signal comes back: the person who tapped
 * "Log in" on a bus does not have to notice the signal and tap again (the offline banner
 * promises as much). `waiting` is true from that failure until the form is sent again. A phone
 * can show a signal while nothing gets through and then never say the signal came back, so
 * while the browser believes it is online the form is also tried every few seconds.
 */
export function useSendAgainOnReconnection(
  formRef: RefObject<HTMLFormElement | null>,
  waiting: boolean,
): void {
  useEffect(() => {
    if (!waiting) return;
    const again = () => formRef.current?.requestSubmit();
    window.addEventListener('online', again, { once: true });
    const timer = window.setInterval(() => {
      if (navigator.onLine) again();
    }, SEND_AGAIN_EVERY_MS);
    return () => {
      window.removeEventListener('online', again);
      window.clearInterval(timer);
    };
  }, [formRef, waiting]);
}
