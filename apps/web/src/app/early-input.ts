// A page rendered ahead of time shows its forms before the app has hydrated them. What a
// visitor types or picks in that moment is in the page but not yet in the app's state, and a
// form sent then would go to the server as a plain form post. These two functions close that gap.

let hydrated = false;
const held: { form: HTMLFormElement; submitter: HTMLElement | null }[] = [];

function holdSubmit(event: SubmitEvent) {
  if (hydrated || !(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  held.push({ form: event.target, submitter: event.submitter });
}

/** Until hydration, a form sent is held back (never posted by the browser) and sent after. */
export function holdEarlySubmits() {
  window.addEventListener('submit', holdSubmit, true);
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
const textSetter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;

/** React marks each DOM node it has taken over with its own keys (`__reactProps$…`). */
function takenOver(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** How long to wait for the last Suspense boundary of the page to hydrate (50 ms steps). */
const HYDRATION_WAIT_STEPS = 200;

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
  hydrated = true;
  window.removeEventListener('submit', holdSubmit, true);
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
  // Let the state of those changes render before the held forms are sent.
  window.setTimeout(() => {
    for (const { form, submitter } of held.splice(0)) {
      if (form.isConnected) form.requestSubmit(submitter ?? undefined);
    }
  }, 0);
}
