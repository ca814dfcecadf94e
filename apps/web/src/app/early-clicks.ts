// A page whose app starts on the first interaction (interaction-boot.ts) shows buttons that only
// the app can work: "Show password", "Use my location", "Enter the address myself". The tap that
// starts the app is usually one of them, and it lands while the app is still loading, on a button
// without a handler. These taps are noted as they happen and tapped again once the app has
// hydrated the page, so the first tap does what it says, late rather than never.

declare global {
  interface Window {
    /** Buttons tapped before hydration, in order (see `holdEarlyClicks`); each replayed once. */
    __heldClicks?: HTMLElement[];
  }
}

/** Notes taps on the page's own buttons (not its submit buttons) until the app has hydrated. */
export function holdEarlyClicks(root: HTMLElement) {
  window.__heldClicks = [];
  const note = (event: Event) => {
    // Replayed (below): the app has the page, and taps are its own from now on.
    if (!window.__heldClicks) return window.removeEventListener('click', note, true);
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>('button[type="button"]');
    if (button && root.contains(button)) window.__heldClicks.push(button);
  };
  window.addEventListener('click', note, true);
}

/** Once the app owns the page: taps each button noted before, if it is still there. */
export function replayEarlyClicks() {
  // Each button once: two taps on "Show password" while nothing answered meant "show it", and
  // replayed as two they would undo each other.
  const held = new Set(window.__heldClicks ?? []);
  window.__heldClicks = undefined;
  for (const button of held) if (button.isConnected) button.click();
}
