// The hints a page painted from the HTML lists for the app (`<script type="application/json"
// id="app-hints">`): the app's chunks, the page's, the reader's catalogues and, on a signed-in
// page, /api/me. Added by the page's boot script once it has been painted.

export interface Hint {
  rel: string;
  href: string;
  as?: string;
}

/**
 * Hints added per task. Starting a fetch blocks the main thread: the 39 hints of a signed-in
 * page added at once made one task of 389-424 ms on a phone four times slower than a laptop
 * (about 10 ms each), which a tap would wait behind.
 */
const HINTS_PER_TASK = 4;

/** The page's hints, what the first render waits for (the session, catalogues) first. */
export function listedHints(): Hint[] {
  const listed = document.getElementById('app-hints')?.textContent;
  const hints = listed ? (JSON.parse(listed) as Hint[]) : [];
  // The module preloads keep their order, the entry's first.
  return [
    ...hints.filter((hint) => hint.rel !== 'modulepreload'),
    ...hints.filter((hint) => hint.rel === 'modulepreload'),
  ];
}

function addHint(hint: Hint) {
  const link = document.createElement('link');
  link.rel = hint.rel;
  link.href = hint.href;
  if (hint.as) link.as = hint.as;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/** Adds the hints a few per task, then calls `done`. */
export function addHintsInSmallTasks(hints: Hint[], done: () => void) {
  const left = [...hints];
  // The next task through a message, not a timer: a page opened in the background runs timers
  // once a second, which would spread its start over ten seconds.
  const channel = new MessageChannel();
  const next = () => {
    left.splice(0, HINTS_PER_TASK).forEach(addHint);
    if (left.length > 0) {
      channel.port2.postMessage(null);
    } else {
      channel.port1.close();
      done();
    }
  };
  channel.port1.onmessage = next;
  next();
}
