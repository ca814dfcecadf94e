import { Component, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Link, Route, Router, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { UI_TIMINGS } from '@annasetu/domain';
import { lazyPage, type LazyPage } from './lazy-route';
import { sameEntry, useShownLocation, type RouteCode } from './shown-location';

function Home() {
  return (
    <>
      <h1>Home</h1>
      <Link to="/slow">Go to the slow page</Link>
    </>
  );
}

/** A page whose chunk arrives (or fails) when the test says so. */
function slowPage() {
  let arrive: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const Page = lazyPage(
    () =>
      new Promise((resolve, reject) => {
        arrive = () => resolve({ Component: () => <h1>Slow page</h1> });
        fail = () => reject(new Error('chunk failed'));
      }),
  );
  return { Page, arrive: () => arrive(), fail: () => fail() };
}

function codeFor(Page: LazyPage): RouteCode {
  return {
    isReady: (pathname) => pathname !== '/slow' || Page.isLoaded(),
    load: (pathname) => (pathname === '/slow' ? Page.preload() : Promise.resolve()),
  };
}

/** The route's error screen, as the app's boundary draws it. */
class ErrorScreen extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>This page could not be loaded</p> : this.props.children;
  }
}

function App({ code, Page }: { code: RouteCode; Page: LazyPage }) {
  const location = useLocation();
  const shown = useShownLocation(location, code);
  return (
    <>
      {sameEntry(shown, location) ? null : <p>Next page on its way</p>}
      <ErrorScreen>
        <Suspense fallback={<p>Loading</p>}>
          <Routes location={shown}>
            <Route path="/" element={<Home />} />
            <Route path="/slow" element={<Page />} />
          </Routes>
        </Suspense>
      </ErrorScreen>
    </>
  );
}

/** The app at the home page, a slow page one link away. */
function renderAtHome(extra: ReactNode = null) {
  const slow = slowPage();
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <App code={codeFor(slow.Page)} Page={slow.Page} />
      {extra}
    </MemoryRouter>,
  );
  return { slow, user };
}

describe('following a link to a page whose code is still loading', () => {
  it('keeps the page on screen, says the next one is coming, and shows it when its code is here', async () => {
    const { slow, user } = renderAtHome();
    await user.click(screen.getByRole('link', { name: 'Go to the slow page' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Next page on its way')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();

    await act(async () => slow.arrive());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByText('Next page on its way')).not.toBeInTheDocument();
  });

  it('shows the page (and so its own error screen) at once when its code fails to load', async () => {
    const { slow, user } = renderAtHome();
    await user.click(screen.getByRole('link', { name: 'Go to the slow page' }));
    await act(async () => slow.fail());
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Home' })).not.toBeInTheDocument();
    expect(screen.queryByText('Next page on its way')).not.toBeInTheDocument();
  });

  it('gives up waiting after the chunk time-out, so a stalled load cannot hold the old page forever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const slow = slowPage();
      render(
        <MemoryRouter>
          <App code={codeFor(slow.Page)} Page={slow.Page} />
        </MemoryRouter>,
      );
      await act(async () => screen.getByRole('link', { name: 'Go to the slow page' }).click());
      expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(UI_TIMINGS.lazyChunkTimeoutMs));
      expect(screen.queryByRole('heading', { name: 'Home' })).not.toBeInTheDocument();
      expect(screen.getByText('Loading')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a page whose code is here in the same render, away and back', async () => {
    const { slow, user } = renderAtHome(<Link to="/">Home link</Link>);
    await user.click(screen.getByRole('link', { name: 'Go to the slow page' }));
    await act(async () => slow.arrive());
    await screen.findByRole('heading', { name: 'Slow page' });
    await user.click(screen.getByRole('link', { name: 'Home link' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the slow page' }));
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByText('Next page on its way')).not.toBeInTheDocument();
  });

  it('tells apart entries pushed without the router, which all have the key "default"', async () => {
    const slow = slowPage();
    const navigator = {
      createHref: (to: string | { pathname?: string }) =>
        typeof to === 'string' ? to : (to.pathname ?? '/'),
      push: () => undefined,
      replace: () => undefined,
      go: () => undefined,
    };
    const at = (pathname: string) => (
      <Router location={{ pathname, key: 'default' }} navigator={navigator}>
        <App code={codeFor(slow.Page)} Page={slow.Page} />
      </Router>
    );
    const view = render(at('/'));
    view.rerender(at('/slow'));
    expect(screen.getByText('Next page on its way')).toBeInTheDocument();
    await act(async () => slow.arrive());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
  });
});
