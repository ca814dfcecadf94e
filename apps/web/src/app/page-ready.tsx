import { createContext, useContext, useEffect } from 'react';

/** Called once the first page is interactive (hydrated, for a page rendered ahead of time). */
export const PageReadyContext = createContext<(() => void) | undefined>(undefined);

/**
 * Placed beside the page inside its loading boundary: each boundary rendered ahead of time
 * hydrates on its own, so only here is the page itself known to be interactive.
 */
export function PageReady() {
  const onReady = useContext(PageReadyContext);
  useEffect(() => onReady?.(), [onReady]);
  return null;
}
