import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../testing/fixtures';
import { mockApi } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render';

describe('the signed-in layout', () => {
  afterEach(() => {
    document.cookie = 'csrf_token=; path=/; max-age=0';
    vi.unstubAllGlobals();
  });

  it('lists every section, shows the user and the unread badge', async () => {
    mockApi({ 'GET /api/notifications/unread-count': { body: { unread: 3 } } });
    renderApp({ route: '/dashboard', user: makeUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Dashboard',
      'Donations',
      'Requests',
      'Map',
      'Analytics',
      'Assistant',
      expect.stringContaining('Notifications'),
      'Profile',
    ]);
    expect(
      await within(nav).findByRole('link', { name: /Notifications.*3 unread notifications/ }),
    ).toBeVisible();
    expect(screen.getByText('Asha Verma')).toBeVisible();
    expect(screen.getAllByText('Restaurant').length).toBeGreaterThan(0);
  });

  it('marks the page of the address as current, in the menu and the bottom bar, and moves the mark on a tap', async () => {
    mockApi({});
    renderApp({ route: '/dashboard', user: makeUser() });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    const quick = screen.getByRole('navigation', { name: 'Quick links' });
    const current = () =>
      [main, quick].map((nav) =>
        within(nav)
          .getAllByRole('link')
          .filter((link) => link.getAttribute('aria-current') === 'page')
          .map((link) => link.textContent),
      );
    expect(current()).toEqual([['Dashboard'], ['Dashboard']]);
    await userEvent.click(within(main).getByRole('link', { name: 'Donations' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/donations');
    expect(current()[0]).toEqual(['Donations']);
  });

  it('takes Escape pressed at once after the drawer opens, before the next frame', async () => {
    mockApi({});
    renderApp({ route: '/dashboard', user: makeUser() });
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    const sidebar = document.getElementById('app-sidebar');
    // A plain click, then only the microtasks in which the drawer is drawn: no act() and no
    // timer, which would run the effects waiting for the next frame before the key.
    menu.click();
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    expect(sidebar).toHaveClass('sidebar--open');
    expect(document.activeElement).toHaveAccessibleName('Close menu');
    document.activeElement?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    );
    await waitFor(() => expect(sidebar).not.toHaveClass('sidebar--open'));
    await waitFor(() => expect(document.activeElement).toBe(menu));
  });

  it('closes the drawer when its logo is tapped on the page the logo leads to', async () => {
    mockApi({});
    renderApp({ route: '/dashboard', user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sidebar = document.getElementById('app-sidebar');
    expect(sidebar).toHaveClass('sidebar--open');
    const logo = sidebar?.querySelector<HTMLAnchorElement>('a.sidebar__brand');
    await userEvent.click(logo!);
    await waitFor(() => expect(sidebar).not.toHaveClass('sidebar--open'));
  });

  it('shows no badge when the count endpoint is missing', async () => {
    mockApi({});
    renderApp({ route: '/dashboard', user: makeUser() });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('logs out with a toast and goes to the landing page', async () => {
    const { calls } = mockApi({ 'POST /api/auth/logout': { status: 204 } });
    document.cookie = 'csrf_token=tok; path=/';
    renderApp({ route: '/profile', user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect((await screen.findAllByRole('link', { name: 'Get Started' })).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls.find((c) => c.url === '/api/auth/logout')?.headers['X-CSRF-Token']).toBe('tok');
  });

  it('logs out with no signal: at once, on this phone, the server told later', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    document.cookie = 'csrf_token=tok; path=/';
    renderApp({ route: '/profile', user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(document.cookie).not.toContain('csrf_token');
    expect(window.localStorage.getItem('annasetu.signOutPending')).toBe('tok');
    window.localStorage.removeItem('annasetu.signOutPending');
  });

  it('stays signed in when the server refuses the sign-out, and says so', async () => {
    mockApi({
      'POST /api/auth/logout': { status: 500, body: { code: 'INTERNAL_ERROR', error: 'x' } },
    });
    document.cookie = 'csrf_token=tok; path=/';
    renderApp({ route: '/profile', user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Error logging out')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(document.cookie).toContain('csrf_token=tok');
  });

  it('switches the language and sets <html lang>', async () => {
    mockApi({ 'PATCH /api/me': { body: { user: makeUser({ language: 'hi' }) } } });
    const hi = await import('../../../public/locales/hi/translation.json');
    const en = await import('../../../public/locales/en/translation.json');
    renderApp({
      route: '/dashboard',
      user: makeUser(),
      resources: { en: { translation: en.default }, hi: { translation: hi.default } },
    });
    const select = (await screen.findAllByRole('combobox', { name: 'Language' }))[0]!;
    await userEvent.selectOptions(select, 'hi');
    expect(await screen.findByRole('navigation', { name: 'मुख्य' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
  });
});
