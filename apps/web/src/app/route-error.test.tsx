import { Suspense, useEffect } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { lazyPage } from './lazy-route';
import { RouteErrorBoundary } from './route-error';

let mounts = 0;

/** A shell that counts its mounts; the page at /broken fails to render. */
function Shell() {
  const { pathname } = useLocation();
  useEffect(() => {
    mounts += 1;
  }, []);
  if (pathname === '/broken') throw new Error('page failed');
  return (
    <nav>
      <Link to="/a">To A</Link> <Link to="/b">To B</Link> <Link to="/broken">To broken</Link>
    </nav>
  );
}

function Boundary() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteErrorBoundary resetKey={pathname}>
        <Shell />
      </RouteErrorBoundary>
      <Link to="/a">Away to A</Link>
    </>
  );
}

describe('the route error boundary', () => {
  afterEach(() => {
    mounts = 0;
    vi.restoreAllMocks();
  });

  it('keeps what is inside it mounted across navigations', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Boundary />, { route: '/a', user: null });
    await user.click(screen.getByRole('link', { name: 'To B' }));
    await user.click(screen.getByRole('link', { name: 'To A' }));
    await user.click(screen.getByRole('link', { name: 'To B' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/b');
    expect(mounts).toBe(1);
  });

  it('shows the error screen for a failed page and gives way when the address changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<Boundary />, { route: '/a', user: null });
    await user.click(screen.getByRole('link', { name: 'To broken' }));
    expect(await screen.findByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Away to A' }));
    expect(await screen.findByRole('link', { name: 'To B' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload page' })).not.toBeInTheDocument();
  });

  it('asks again for a page whose code did not come, and shows it once the signal is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let signal = false;
    const Page = lazyPage(() =>
      signal
        ? Promise.resolve({ Component: () => <h1>The page</h1> })
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    // As when signing out offline: the next page's code was asked for and failed, and the
    // address moves to it anyway, so the boundary meets the failure as its address changes.
    await Page.preload().catch(() => undefined);
    function Pages() {
      const { pathname } = useLocation();
      return (
        <>
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={null}>
              {pathname === '/page' ? <Page /> : <p>Elsewhere</p>}
            </Suspense>
          </RouteErrorBoundary>
          <Link to="/page">To the page</Link>
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Pages />, { route: '/a', user: null });
    await user.click(screen.getByRole('link', { name: 'To the page' }));
    expect(await screen.findByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    signal = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload page' })).not.toBeInTheDocument();
  });

  it('does not ask again for a page that failed as it rendered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let renders = 0;
    function Broken(): never {
      renders += 1;
      throw new Error('page failed');
    }
    renderWithProviders(
      <RouteErrorBoundary resetKey="/broken">
        <Broken />
      </RouteErrorBoundary>,
      { route: '/broken', user: null },
    );
    expect(await screen.findByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    const before = renders;
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).toBe(before);
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});
