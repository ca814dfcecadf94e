// A page rendered ahead of time shows its forms before the app has hydrated them. What a
// visitor types or picks in that moment is in the page but not yet in the app's state, and a
// form sent then would go to the server as a plain form post. These functions close that gap.
//
// The hold starts with the page itself: a prerendered page's head carries a one-line inline
// script (apps/web/scripts/prerender.mjs, allowed by its hash in the content security policy).
// A module script runs only once the page is parsed and its file has arrived, and a tap on
// "Log in" in that moment would otherwise post the form. `holdEarlySubmits` installs the same
// hold where the page has no such script.
//
// How the hold knows the app saw a submit: every submit is held as it starts (its default, a
// browser post, prevented in the capture phase at the window), and the event's own
// `preventDefault` is wrapped to note when the app calls it: every form of the app prevents
// the post it handles. A form React has not taken over, or one it has begun to hydrate but not
// finished (React then hands the event to no handler, though its keys are on the form already),
// is not prevented by the app and stays held until the app is ready for it.

interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
  /** The app's handler saw this submit (it prevented the post). */
  seen: boolean;
}

declare global {
  interface Window {
    __heldSubmits?: HeldSubmit[];
    /** Set once the values typed before hydration have been handed to the app. */
    __inputReplayed?: boolean;
  }
}

function heldSubmits(): HeldSubmit[] {
  return (window.__heldSubmits ??= []);
}

/** React marks each DOM node it has taken over with its own keys (`__reactProps$…`). */
function takenOver(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

function holdSubmit(event: Event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  // Until the values typed before hydration are in the app's state, the app must not see a
  // submit: a form hydrated a moment earlier would check its empty state, refuse, and the tap
  // would be lost. Held here, it is sent again once the values are in.
  if (!window.__inputReplayed) event.stopPropagation();
  const held: HeldSubmit = {
    form,
    submitter: (event as SubmitEvent).submitter ?? null,
    seen: false,
  };
  const prevent = event.preventDefault;
  prevent.call(event);
  event.preventDefault = () => {
    held.seen = true;
    prevent.call(event);
  };
  heldSubmits().push(held);
}

/** Until the app has handled a form's submit, it is held back (never posted) and sent after. */
export function holdEarlySubmits() {
  if (window.__heldSubmits) return; // The page's inline script holds them already.
  window.__heldSubmits = [];
  window.addEventListener('submit', holdSubmit, true);
}

/** How many times a held form is tried again while the app is not ready for it (50 ms apart). */
const SEND_TRIES = 600;
let triesLeft = SEND_TRIES;
let sendTimer: number | undefined;

function sendHeldSoon() {
  if (sendTimer !== undefined) return;
  sendTimer = window.setTimeout(() => {
    sendTimer = undefined;
    sendHeld();
  }, 50);
}

/**
 * Sends each held form the app has taken over again. One the app is still not ready for is held
 * again by the same hold, and tried once more a moment later.
 */
function sendHeld() {
  const waiting: HeldSubmit[] = [];
  for (const entry of heldSubmits().splice(0)) {
    const { form, submitter, seen } = entry;
    if (seen || !form.isConnected) continue;
    if (!takenOver(form)) {
      waiting.push(entry);
      continue;
    }
    form.requestSubmit(submitter?.isConnected && form.contains(submitter) ? submitter : undefined);
  }
  heldSubmits().push(...waiting);
  if (heldSubmits().length > 0 && triesLeft-- > 0) sendHeldSoon();
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
const textSetter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;

/** How long to wait for the last Suspense boundary of the page to hydrate (50 ms steps). */
const HYDRATION_WAIT_STEPS = 600;

/**
 * After hydration: hands the app every value changed before it (hydration keeps them on screen
 * but the app's state starts from the rendered values), then sends any form held back. React
 * hydrates each Suspense boundary on its own, so a page's form may still be plain HTML when
 * the app says it is ready: values and submits wait until React has taken the form over
 * (a value or a submit given to the HTML alone would be lost or posted by the browser).
 */
export function replayEarlyInput(root: HTMLElement, stepsLeft = HYDRATION_WAIT_STEPS) {
  const waiting = [...root.querySelectorAll('form, input, textarea, select')].some(
    (element) => !takenOver(element),
  );
  if (waiting && stepsLeft > 0) {
    window.setTimeout(() => replayEarlyInput(root, stepsLeft - 1), 50);
    return;
  }
  // A submit held after this (the app was not ready for it) is sent again a moment later; a
  // new tap gives the tries back.
  window.addEventListener(
    'submit',
    (event) => {
      if (event.isTrusted) triesLeft = SEND_TRIES;
      sendHeldSoon();
    },
    true,
  );
  for (const element of root.querySelectorAll('input, textarea, select')) {
    if (element instanceof HTMLSelectElement) {
      const rendered = [...element.options].find((option) => option.defaultSelected);
      if (rendered && rendered.value !== element.value) {
        element.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } else if (element instanceof HTMLInputElement && /^(radio|checkbox)$/.test(element.type)) {
      // Of a radio group only the one now picked is replayed: clicking the one rendered as
      // picked (now off) would pick it again.
      const changed =
        element.type === 'radio'
          ? element.checked && !element.defaultChecked
          : element.checked !== element.defaultChecked;
      if (changed) {
        // The app's change tracking sees a click that changes the state it last rendered.
        const wanted = element.checked;
        element.checked = !wanted;
        element.click();
      }
    } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) {
        const typed = element.value;
        // Through the element's own setter the app records the rendered value; through the
        // prototype's it does not, so the input event below reads as a change.
        element.value = element.defaultValue;
        const setter = element instanceof HTMLInputElement ? valueSetter : textSetter;
        setter?.call(element, typed);
        element.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  }
  window.__inputReplayed = true;
  // Let the state of those changes render before the held forms are sent.
  sendHeldSoon();
}
