import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the screen (and stays true once it has).
 * Lets a long list's rows put off what only a row on screen needs (a photo's address, say), so
 * opening a page of a hundred rows does not start a hundred requests at once. Where the browser
 * has no IntersectionObserver, everything counts as near.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
