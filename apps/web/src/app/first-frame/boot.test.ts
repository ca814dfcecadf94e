import { afterEach, describe, expect, it, vi } from 'vitest';

/** How many hints the page held when the app's entry was imported. */
const linksWhenMainLoaded = vi.fn();
vi.mock('../../main', () => {
  linksWhenMainLoaded(document.head.querySelectorAll('link').length);
  return {};
});

function listHints(count: number) {
  const hints = Array.from({ length: count }, (_, i) => ({
    rel: 'modulepreload',
    href: `/assets/chunk-${i}.js`,
  }));
  // The server lists the session last.
  hints.push({ rel: 'preload', href: '/api/me', as: 'fetch' } as (typeof hints)[number]);
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'app-hints';
  block.textContent = JSON.stringify(hints);
  document.body.append(block);
}

const added = () => document.head.querySelectorAll('link');

describe('the first frame’s boot script', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('adds the hints a few per task, the session first, then starts the app', async () => {
    listHints(10);
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    try {
      await import('./boot');
      // After the first frame (or the one-second fallback of a page opened in the background).
      vi.advanceTimersByTime(1_000);
      // The first task adds four, the session's first: the rest come in tasks of their own.
      expect(added()).toHaveLength(4);
      const me = added()[0]!;
      expect([me.getAttribute('href'), me.rel, me.as, me.crossOrigin]).toEqual([
        '/api/me',
        'preload',
        'fetch',
        'anonymous',
      ]);
      vi.useRealTimers();
      // The app's entry is imported once every hint is in, not before.
      await vi.waitFor(() => expect(linksWhenMainLoaded).toHaveBeenCalledWith(11));
      expect([...added()].slice(1).map((link) => link.getAttribute('href'))).toEqual(
        Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
