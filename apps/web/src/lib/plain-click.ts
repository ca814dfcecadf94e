import type { MouseEvent } from 'react';

/**
 * A plain primary click (or tap, or Enter) on a link the app handles itself; with a modifier key
 * (new tab, new window) the browser follows the link as usual.
 */
export function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
