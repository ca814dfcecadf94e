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
 * Rendered where the app has drawn what the frame stands for (the signed-in page, inside its
 * loading boundary) or something else the reader must see instead (a redirect, an error
 * screen). A layout effect, so the swap happens before that commit is painted.
 */
export function RevealApp() {
  useLayoutEffect(revealApp, []);
  return null;
}
