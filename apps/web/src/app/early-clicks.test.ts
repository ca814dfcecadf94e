import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks, replayEarlyClicks } from './early-clicks';

describe('taps on buttons before the app has hydrated the page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.__heldClicks = undefined;
  });

  it('are tapped again once the app owns the page (its own buttons only), then no more', () => {
    document.body.innerHTML =
      '<div id="root"><button type="button" id="show">Show password</button></div>' +
      '<button type="button" id="outside">Elsewhere</button>';
    const root = document.getElementById('root')!;
    holdEarlyClicks(root);
    const show = document.getElementById('show')!;
    // Nothing handles the tap yet: the app is loading.
    show.click();
    const outside = document.getElementById('outside')!;
    outside.click();

    // Hydrated: the button now has its handler, which the replayed tap reaches once; a button
    // outside the page's root (not the app's) is left alone.
    const handler = vi.fn();
    const outsideHandler = vi.fn();
    show.addEventListener('click', handler);
    outside.addEventListener('click', outsideHandler);
    replayEarlyClicks();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(outsideHandler).not.toHaveBeenCalled();

    // Later taps are the app's own: none is noted or replayed again.
    show.click();
    replayEarlyClicks();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('taps a button tapped twice while nothing answered once: "show it" is what was meant', () => {
    document.body.innerHTML = '<div id="root"><button type="button">Show password</button></div>';
    holdEarlyClicks(document.getElementById('root')!);
    const show = document.querySelector('button')!;
    show.click();
    show.click();
    const handler = vi.fn();
    show.addEventListener('click', handler);
    replayEarlyClicks();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
