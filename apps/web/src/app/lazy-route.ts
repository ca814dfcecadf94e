import { createElement, lazy, type ComponentType } from 'react';
import { UI_TIMINGS } from '@annasetu/domain';

interface RouteModule {
  Component: ComponentType;
}

/** A page component that loads its chunk on first render, or ahead of it with preload(). */
export interface LazyPage {
  (): ReturnType<typeof createElement>;
  /** Loads the chunk now; once loaded the page renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A page loaded on demand. Its chunk must arrive within the product's time-out (120 s); after
 * that the route's error screen offers a reload instead of a page that waits forever. A page
 * rendered ahead of time preloads its chunk before hydration, so it hydrates in one pass.
 */
export function lazyPage(load: () => Promise<RouteModule>): LazyPage {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('Page chunk timed out')),
        UI_TIMINGS.lazyChunkTimeoutMs,
      );
    });
    try {
      const module = await Promise.race([load(), timeout]);
      loaded = module.Component;
      return { default: module.Component };
    } finally {
      clearTimeout(timer);
    }
  });
  const Page = () => createElement(loaded ?? Lazy);
  Page.preload = async () => {
    loaded = (await load()).Component;
  };
  return Page;
}
