// The only script of a page painted from the HTML: a signed-in page's first frame (decision
// 0050) or a public page rendered at build time (decision 0051). The page needs its styles and
// fonts only; were the app's scripts to start with them, they would share a slow connection with
// what the first paint waits for. So the app starts once the page has been painted: the hints
// listed with the page (the page's chunks, the reader's catalogues, /api/me) are added then, and
// the app's entry is loaded.
import { holdEarlySubmits } from '../early-input';
import { addHintsInSmallTasks, listedHints } from './page-hints';

// Here at last: the page's inline script stops asking for this file again.
window.__bootRan = true;

let started = false;

function start() {
  if (started) return;
  started = true;
  addHintsInSmallTasks(listedHints(), () => void import('../../main'));
}

// A public page's forms work before the app does: what is sent meanwhile waits for it.
if (document.getElementById('root')?.dataset.prerendered) holdEarlySubmits();

// A callback after the next animation frame runs once that frame has been painted. A page opened
// in the background paints nothing until shown: the timer starts the app there all the same.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1_000);
