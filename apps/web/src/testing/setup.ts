import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, vi } from 'vitest';

// Pages load lazily and jsdom is slow on a busy machine: give async queries time.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; react-hot-toast and the phone layout ask for it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Preact runs effects after the next frame: a frame request, and a timer that cancels it should
// no frame come. A timer still pending when a file's jsdom is torn down then finds no
// cancelAnimationFrame and fails the run; in the tests a timer alone runs them.
options.requestAnimationFrame = (callback) => void setTimeout(callback, 0);

// jsdom does not scroll.
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  window.localStorage.clear();
});
