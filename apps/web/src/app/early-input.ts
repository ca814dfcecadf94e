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
// the post it handles. Preact hydrates the page in one pass (main.tsx loads the page's code
// first, so nothing suspends), and the app calls `replayEarlyInput` once that pass is done; a
// form it does not handle even then (one inside a part still loading) stays held and is tried
// again a moment later.

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
    /**
     * Set by the page's boot script as it runs: until then the page's inline script asks for
     * it again on reconnection or on a form sent (apps/web/scripts/prerender.mjs).
     */
    __bootRan?: boolean;
  }
}

function heldSubmits(): HeldSubmit[] {
  return (window.__heldSubmits ??= []);
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
 * Sends each held form again. One the app is still not ready for is held again by the same hold,
 * and tried once more a moment later.
 */
function sendHeld() {
  for (const entry of heldSubmits().splice(0)) {
    const { form, submitter, seen } = entry;
    if (seen || !form.isConnected) continue;
    form.requestSubmit(submitter?.isConnected && form.contains(submitter) ? submitter : undefined);
  }
  if (heldSubmits().length > 0 && triesLeft-- > 0) sendHeldSoon();
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
const textSetter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;

/** What each field held when hydration began: the picks and text of the visitor so far. */
interface EarlyValue {
  value: string;
  checked: boolean;
}
let earlyValues = new WeakMap<Element, EarlyValue>();

const FIELDS = 'input, textarea, select';

/**
 * Notes every field's value and pick just before hydration. Hydration sets a controlled field
 * (a role card's radio, a select the app drives) to what the app renders, and the visitor's
 * choice would be gone from the page before `replayEarlyInput` could hand it over.
 */
export function noteEarlyInput(root: HTMLElement) {
  earlyValues = new WeakMap();
  for (const element of root.querySelectorAll(FIELDS)) {
    const field = element as HTMLInputElement;
    earlyValues.set(element, { value: field.value, checked: Boolean(field.checked) });
  }
}

/**
 * After hydration: hands the app every value changed before it (the app's state starts from the
 * rendered values), then sends any form held back.
 */
export function replayEarlyInput(root: HTMLElement) {
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
  for (const element of root.querySelectorAll(FIELDS)) {
    const field = element as HTMLInputElement;
    const early = earlyValues.get(element) ?? { value: field.value, checked: field.checked };
    if (element instanceof HTMLSelectElement) {
      const rendered = [...element.options].find((option) => option.defaultSelected);
      if (rendered && rendered.value !== early.value) {
        element.value = early.value;
        element.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } else if (element instanceof HTMLInputElement && /^(radio|checkbox)$/.test(element.type)) {
      // Of a radio group only the one picked is replayed: clicking the one rendered as picked
      // would pick it again.
      const wanted = early.checked;
      const changed =
        element.type === 'radio'
          ? wanted && !element.defaultChecked
          : wanted !== element.defaultChecked;
      if (changed) {
        // A click from the other state: the app hears the change as a person's tap.
        element.checked = !wanted;
        element.click();
      }
    } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (early.value !== element.defaultValue) {
        // Through the element's own setter a framework may record the rendered value; through
        // the prototype's it does not, so the input event below reads as a change.
        element.value = element.defaultValue;
        const setter = element instanceof HTMLInputElement ? valueSetter : textSetter;
        setter?.call(element, early.value);
        element.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  }
  window.__inputReplayed = true;
  // Let the state of those changes render before the held forms are sent.
  sendHeldSoon();
}
