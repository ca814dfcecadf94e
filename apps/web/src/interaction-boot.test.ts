import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE } from './lib/api-client';

const mainImported = vi.fn();
/** Set to make the app's entry fail to load once (no signal, or files of a replaced version). */
let failNextImport = false;
vi.mock('./features/pwa/register', () => ({ registerAfterLoad: () => undefined }));

function prerenderedPage({ hints }: { hints: number }) {
  // Mocked afresh for each test: the app's entry runs once per page.
  vi.doMock('./main', () => {
    mainImported();
    if (failNextImport) {
      failNextImport = false;
      throw new Error('Failed to fetch dynamically imported module');
    }
    return {};
  });
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.prerendered = 'en';
  root.innerHTML = '<form><input name="email"><input type="checkbox" name="remember"></form>';
  document.body.append(root);
  if (hints === 0) return;
  const listed = Array.from({ length: hints }, (_, i) => ({
    rel: 'modulepreload',
    href: `/assets/chunk-${i}.js`,
  }));
  listed.push({ rel: 'preload', href: '/locales/en/translation.json', as: 'fetch' } as never);
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'app-hints';
  block.textContent = JSON.stringify(listed);
  document.body.append(block);
}

const links = () => [...document.head.querySelectorAll('link')];

describe('the boot script of pages whose app starts on the first touch', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    vi.resetModules();
    vi.restoreAllMocks();
    mainImported.mockClear();
  });

  it("fetches the app's code once painted without running it, and runs it on the first focus", async () => {
    // A browser with prefetch (jsdom has none).
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    prerenderedPage({ hints: 6 });
    await import('./interaction-boot');
    // Painted: the code is fetched as prefetches, which run nothing.
    await vi.waitFor(() => expect(links()).toHaveLength(7));
    expect(links().every((link) => link.rel === 'prefetch')).toBe(true);
    expect(links()[0]!.getAttribute('href')).toBe('/locales/en/translation.json');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mainImported).not.toHaveBeenCalled();

    document.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(1));
  });

  it('fetches nothing ahead on a page that lists nothing (the landing page)', async () => {
    prerenderedPage({ hints: 0 });
    await import('./interaction-boot');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(links()).toHaveLength(0);
    expect(mainImported).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(1));
  });

  it('starts the app at once when the visitor typed before this script arrived', async () => {
    prerenderedPage({ hints: 2 });
    // A slow connection: the page took typing before its script came.
    document.querySelector('input')!.value = 'asha@example.in';
    await import('./interaction-boot');
    await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(1));
  });

  it('starts the app once painted on the sign-in page of a server that offers phone sign-in', async () => {
    const config = window as Window & { __ANNASETU_CONFIG__?: { phoneSignIn?: boolean } };
    config.__ANNASETU_CONFIG__ = { phoneSignIn: true };
    window.history.pushState(null, '', '/login');
    try {
      prerenderedPage({ hints: 2 });
      await import('./interaction-boot');
      // The offer is the app's to draw: no touch is waited for, the code is preloaded first.
      await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(1));
      expect(links().map((link) => link.rel)).toEqual([
        'preload',
        'modulepreload',
        'modulepreload',
      ]);
    } finally {
      config.__ANNASETU_CONFIG__ = undefined;
      window.history.pushState(null, '', '/');
    }
  });

  it('starts the app at once when a form was sent before this script arrived', async () => {
    prerenderedPage({ hints: 2 });
    // The page's inline script held a "Log in" tapped on the HTML alone.
    window.__heldSubmits = [
      { form: document.querySelector('form')!, submitter: null, seen: false } as never,
    ];
    try {
      await import('./interaction-boot');
      await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(1));
    } finally {
      window.__heldSubmits = undefined;
    }
  });

  it('tries again on the next touch when the app could not be loaded', async () => {
    prerenderedPage({ hints: 0 });
    failNextImport = true;
    await import('./interaction-boot');
    const touch = () => window.dispatchEvent(new Event('pointerdown'));
    touch();
    await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    touch();
    await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(2));
  });

  it("starts the app once painted for a visitor with a session (a link from another site brings the page, not the app's shell)", async () => {
    document.cookie = `${CSRF_COOKIE}=abc; path=/`;
    try {
      prerenderedPage({ hints: 2 });
      await import('./interaction-boot');
      await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(1));
    } finally {
      document.cookie = `${CSRF_COOKIE}=; path=/; max-age=0`;
    }
  });

  it('prefetches nothing in a browser without prefetch, whose loader preloads on the touch', async () => {
    // Safari: the app's loader skips its own preloads for files that already have a link.
    prerenderedPage({ hints: 4 });
    await import('./interaction-boot');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(links()).toHaveLength(0);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(mainImported).toHaveBeenCalledTimes(1));
  });
});
