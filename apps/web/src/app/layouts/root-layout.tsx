import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { PageReady } from '../page-ready';
import { RouteErrorBoundary } from '../route-error';

// Offline banner and update prompt load beside the page, not inside the landing budget.
const PwaNotices = lazy(() =>
  import('../../features/pwa/components/pwa-notices').then((m) => ({ default: m.PwaNotices })),
);

/**
 * Wraps every page. After each navigation it scrolls to the top and moves focus to the new
 * page's heading, so keyboard and screen-reader users start at the top of what changed.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    let tries = 0;
    // The new page may still be loading its chunk: wait for its heading briefly.
    const timer = window.setInterval(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading || ++tries > 40) {
        window.clearInterval(timer);
        heading?.focus({ preventScroll: true });
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname]);

  return (
    <>
      <Suspense fallback={null}>
        <PwaNotices />
      </Suspense>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <PageReady />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
