// The only script of a page painted from the HTML: a signed-in page's first frame (decision
// 0050) or a public page rendered at build time (decision 0051). The page needs its styles and
// fonts only; were the app's scripts to start with them, they would share a slow connection with
// what the first paint waits for. So the app starts once the page has been painted: the hints
// listed with the page (the page's chunks, the reader's catalogues, /api/me) are added then, and
// the app's entry is loaded.
import { holdEarlySubmits } from '../early-input';

interface Hint {
  rel: string;
  href: string;
  as?: string;
}

let started = false;

/**
 * Hints added per task. Starting a fetch blocks the main thread: the 39 hints of a signed-in
 * page added at once made one task of 389-424 ms on a phone four times slower than a laptop
 * (about 10 ms each), which a tap would wait behind.
 */
const HINTS_PER_TASK = 4;

function addHint(hint: Hint) {
  const link = document.createElement('link');
  link.rel = hint.rel;
  link.href = hint.href;
  if (hint.as) link.as = hint.as;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

function start() {
  if (started) return;
  started = true;
  const listed = document.getElementById('app-hints')?.textContent;
  const listedHints = listed ? (JSON.parse(listed) as Hint[]) : [];
  // What the first render waits for (the session, the catalogue) starts first; the module
  // preloads keep their order, the entry's first.
  const hints = [
    ...listedHints.filter((hint) => hint.rel !== 'modulepreload'),
    ...listedHints.filter((hint) => hint.rel === 'modulepreload'),
  ];
  // The next task through a message, not a timer: a page opened in the background runs timers
  // once a second, which would spread its start over ten seconds.
  const channel = new MessageChannel();
  const next = () => {
    hints.splice(0, HINTS_PER_TASK).forEach(addHint);
    if (hints.length > 0) {
      channel.port2.postMessage(null);
    } else {
      channel.port1.close();
      void import('../../main');
    }
  };
  channel.port1.onmessage = next;
  next();
}

// A public page's forms work before the app does: what is sent meanwhile waits for it.
if (document.getElementById('root')?.dataset.prerendered) holdEarlySubmits();

// A callback after the next animation frame runs once that frame has been painted. A page opened
// in the background paints nothing until shown: the timer starts the app there all the same.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1_000);
