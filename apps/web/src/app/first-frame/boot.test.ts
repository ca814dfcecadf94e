import { afterEach, describe, expect, it, vi } from 'vitest';

const mainLoaded = vi.fn();
vi.mock('../../main', () => {
  mainLoaded();
  return {};
});

function listHints(count: number) {
  const hints = Array.from({ length: count }, (_, i) => ({
    rel: 'modulepreload',
    href: `/assets/chunk-${i}.js`,
  }));
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

  it('adds the hints a few per task, then starts the app once', async () => {
    listHints(10);
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    try {
      await import('./boot');
      // After the first frame (or the one-second fallback of a page opened in the background).
      vi.advanceTimersByTime(1_000);
      // The first task adds four: the rest come in tasks of their own.
      expect(added()).toHaveLength(4);
      vi.useRealTimers();
      await vi.waitFor(() => expect(mainLoaded).toHaveBeenCalledTimes(1));
      expect(added()).toHaveLength(11);
      const me = document.head.querySelector('link[href="/api/me"]') as HTMLLinkElement;
      expect([me.rel, me.as, me.crossOrigin]).toEqual(['preload', 'fetch', 'anonymous']);
      expect([...added()].slice(0, 10).map((link) => link.getAttribute('href'))).toEqual(
        Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
