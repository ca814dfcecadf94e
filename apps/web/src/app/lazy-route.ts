import { createElement, type ComponentType } from 'react';
import { UI_TIMINGS } from '@annasetu/domain';

interface RouteModule {
  Component: ComponentType;
}

/** A page component that loads its chunk on first render, or ahead of it with preload(). */
export interface LazyPage {
  (): ReturnType<typeof createElement>;
  /** Loads the chunk now; once loaded the page renders without suspending. */
  preload(): Promise<void>;
  /** Whether the chunk is here: the page then renders at once, without suspending. */
  isLoaded(): boolean;
}

/** Each page whose chunk failed to load, by the error it throws as it renders. */
const failedToLoad = new Map<Error, LazyPage>();

/**
 * The page whose chunk failed with `error`, for the route's error screen to ask for it again;
 * undefined when `error` is a page failing as it rendered, which would only fail again.
 */
export function pageThatFailedToLoad(error: unknown): LazyPage | undefined {
  return error instanceof Error ? failedToLoad.get(error) : undefined;
}

/**
 * A page loaded on demand. Its chunk must arrive within the product's time-out (120 s); after
 * that the route's error screen offers a reload instead of a page that waits forever. A page
 * rendered ahead of time preloads its chunk before hydration, so it hydrates in one pass.
 *
 * The page is one component whatever the chunk's state: it suspends (throws the load's promise
 * to the nearest loading boundary) until the chunk is here, then draws the chunk's component
 * inside itself, so the element under a route has the same type before and after the load.
 * (The layout's rebuild on every navigation came from the route error boundary's key, not from
 * here; see decision 0077.)
 */
export function lazyPage(load: () => Promise<RouteModule>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  let failure: Error | undefined;

  function start(): Promise<void> {
    loading ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('Page chunk timed out')),
          UI_TIMINGS.lazyChunkTimeoutMs,
        );
      });
      try {
        loaded = (await Promise.race([load(), timeout])).Component;
        if (failure) failedToLoad.delete(failure);
        failure = undefined;
      } catch (error) {
        // Shown by the route's error screen; a later preload tries again.
        if (failure) failedToLoad.delete(failure);
        failure = error instanceof Error ? error : new Error(String(error));
        loading = undefined;
        failedToLoad.set(failure, Page);
      } finally {
        clearTimeout(timer);
      }
    })();
    return loading;
  }

  const Page = () => {
    if (loaded) return createElement(loaded);
    if (failure) throw failure;
    // A loading boundary above shows its fallback until the promise settles.
    throw start();
  };
  Page.preload = async () => {
    await start();
    if (failure) throw failure;
  };
  Page.isLoaded = () => loaded !== undefined;
  return Page;
}
