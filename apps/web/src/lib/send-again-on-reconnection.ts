import { useEffect, type RefObject } from 'react';
import { isApiError } from './api-client';

/** Whether a form's sending failed for want of signal (no answer from the server at all). */
export function failedForWantOfSignal(error: unknown): boolean {
  if (isApiError(error)) return error.status === 0;
  // The form's own code could not be fetched (a chunk load failing with no signal).
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/** How often the server is asked whether it can be reached, while the phone shows a signal. */
export const SEND_AGAIN_EVERY_MS = 5_000;

/**
 * A form sent with no signal is sent again when the signal comes back: the person who tapped
 * "Log in" on a bus does not have to notice the signal and tap again (the offline banner
 * promises as much). `waiting` is true from that failure until the form is sent again. A phone
 * can show a signal while nothing gets through and then never say the signal came back, so
 * while the browser believes it is online the server's health is asked every few seconds, and
 * the form is sent once it answers: a quiet probe, not a failed sign-in (with its toast and its
 * alert taking the focus) every few seconds.
 */
export function useSendAgainOnReconnection(
  formRef: RefObject<HTMLFormElement | null>,
  waiting: boolean,
): void {
  useEffect(() => {
    if (!waiting) return;
    let active = true;
    let probing = false;
    const again = () => {
      if (active) formRef.current?.requestSubmit();
    };
    window.addEventListener('online', again, { once: true });
    const timer = window.setInterval(() => {
      if (!navigator.onLine || probing) return;
      probing = true;
      fetch('/api/health', { cache: 'no-store', credentials: 'omit' })
        .then((response) => {
          if (response.ok) again();
        })
        .catch(() => undefined)
        .finally(() => {
          probing = false;
        });
    }, SEND_AGAIN_EVERY_MS);
    return () => {
      active = false;
      window.removeEventListener('online', again);
      window.clearInterval(timer);
    };
  }, [formRef, waiting]);
}
