import { lazy, type ComponentType } from 'react';
import { UI_TIMINGS } from '@annasetu/domain';

interface RouteModule {
  Component: ComponentType;
}

/**
 * A page loaded on demand. Its chunk must arrive within the product's time-out (120 s); after
 * that the route's error screen offers a reload instead of a page that waits forever.
 */
export function lazyPage(load: () => Promise<RouteModule>) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('Page chunk timed out')),
        UI_TIMINGS.lazyChunkTimeoutMs,
      );
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { default: module.Component };
    } finally {
      clearTimeout(timer);
    }
  });
}
