import { useLayoutEffect } from 'react';

/**
 * Replaces the signed-in page the server painted from the HTML (`#first-frame`, decision 0050)
 * with the app, which has been drawing into the hidden `#root` meanwhile. Both show the same
 * page in the same place, so the change is not seen; it happens once, and not at all where the
 * HTML had no frame (a signed-out visitor, the offline copy of the shell).
 */
export function revealApp(): void {
  if (typeof document === 'undefined') return;
  const frame = document.getElementById('first-frame');
  if (!frame) return;
  frame.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
}

/**
 * Rendered where the app shows something else than the frame's page that the reader must see
 * instead (a redirect, an error screen). A layout effect, so the swap happens before that commit
 * is painted.
 */
export function RevealApp() {
  useLayoutEffect(revealApp, []);
  return null;
}

/** The longest the frame waits for the app's page before it gives way regardless. */
const PAGE_WAIT_MS = 10_000;

/**
 * Rendered beside the signed-in page in its loading boundary: gives way to the app once the
 * app's page has drawn its heading. Preact draws a boundary's other children even while the
 * page's code is still loading (it shows the spinner a moment later), so being drawn is not
 * enough: the swap waits for the page itself. A mutation observer's answer comes before the
 * browser paints the change it saw, so the page replaces the frame in the same picture.
 */
export function RevealAppWithPage() {
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    if (!root || !document.getElementById('first-frame')) return;
    const drawn = () => root.querySelector('main h1') !== null;
    if (drawn()) {
      revealApp();
      return;
    }
    // Not tied to this component: a boundary that shows its spinner may take it away meanwhile.
    const observer = new MutationObserver(() => {
      if (!drawn()) return;
      observer.disconnect();
      window.clearTimeout(timer);
      revealApp();
    });
    const timer = window.setTimeout(() => {
      observer.disconnect();
      revealApp();
    }, PAGE_WAIT_MS);
    observer.observe(root, { childList: true, subtree: true });
  }, []);
  return null;
}
