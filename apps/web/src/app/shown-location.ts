import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useLocation, type Location } from 'react-router';
import { UI_TIMINGS } from '@annasetu/domain';

/** What the routes need to know about a path's code. */
export interface RouteCode {
  /** Whether every chunk the path renders is loaded. */
  isReady(pathname: string): boolean;
  /** Loads those chunks. */
  load(pathname: string): Promise<void>;
}

/**
 * The location the routes should draw: the address itself once its page's code is here, and
 * until then the page already on screen. Without it, following a link to a page whose code is
 * still on its way replaces the page at once with a spinner (Preact, unlike React, has no
 * transition that keeps the old screen), which on a slow connection is seconds of nothing.
 * A page whose code never comes is shown anyway after the chunk time-out, so its own error
 * screen (with "Reload") appears; a failed load shows it at once.
 */
/**
 * One entry of the history. The key alone does not tell entries apart: an entry pushed by other
 * code than the router's (`history.pushState`) has the key "default", as the first one does.
 */
export function sameEntry(a: Location, b: Location): boolean {
  return a.key === b.key && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

export function useShownLocation(location: Location, code: RouteCode): Location {
  const [, setArrivals] = useState(0);
  const lastShown = useRef(location);
  // The key of a location shown whatever its code's state (it failed or took too long).
  const given = useRef<Location | null>(null);
  const ready = code.isReady(location.pathname);
  const givenUp = given.current !== null && sameEntry(given.current, location);
  const shown = ready || givenUp ? location : lastShown.current;
  lastShown.current = shown;
  // Only an address held back needs a render when its code comes; one already drawn (the first
  // page, or one given up on) waits in its loading boundary as before.
  const heldBack = !sameEntry(shown, location);

  useEffect(() => {
    if (!heldBack) return;
    let live = true;
    const show = (giveUp: boolean) => {
      if (!live) return;
      if (giveUp) given.current = location;
      setArrivals((n) => n + 1);
    };
    const timer = setTimeout(() => show(true), UI_TIMINGS.lazyChunkTimeoutMs);
    code.load(location.pathname).then(
      () => show(false),
      () => show(true),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code, heldBack, location]);

  return shown;
}

/** The address in the browser's bar, which runs ahead of the page drawn while its code loads. */
export const AddressContext = createContext<Location | null>(null);

/**
 * The path in the address bar. What answers a person's move (closing the menu drawer after a
 * link was followed) follows it, not the page still on screen: a drawer opened again while the
 * next page loads must not close under the finger when that page arrives.
 */
export function useAddressPathname(): string {
  const drawn = useLocation();
  return (useContext(AddressContext) ?? drawn).pathname;
}
