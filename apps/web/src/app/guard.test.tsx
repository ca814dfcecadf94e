import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../testing/fixtures';
import { mockApi } from '../testing/fetch-mock';
import { renderApp } from '../testing/render';
import { SESSION_QUERY_KEY } from '../lib/session';

describe('the guard', () => {
  it('shows "Loading..." while the session loads, then sends a visitor to /login', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({});
    const { fetchMock } = mockApi({});
    fetchMock.mockImplementationOnce(async () => {
      await gate;
      return new Response(JSON.stringify({ error: 'x', code: 'UNAUTHENTICATED' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderApp({ route: '/profile' });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('returns to the page asked for when the session answers before the sign-in form moves on', async () => {
    // On a slow phone the session's new answer can render the sign-in page again before the
    // form's own navigation: the guard must then go where the form would have gone.
    mockApi({});
    const { queryClient } = renderApp({ route: '/profile', user: null });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, makeUser({ role: 'restaurant' })));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
  });

  it('leaves a person where they went when the address left the sign-up page before the session answered', async () => {
    // After signing up the sign-up page stays drawn while the next page's code loads, and the
    // address moves on (the form's own move, or a link the person followed): the session's
    // answer arriving then must not move the address back.
    mockApi({});
    // The session's answer renders in the same pass as the click, as it can on a slow phone.
    notifyManager.setScheduler((callback) => callback());
    try {
      const { queryClient } = renderApp({ route: '/register', user: null, goTo: '/analytics' });
      expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeVisible();
      act(() => {
        fireEvent.click(screen.getByRole('button', { name: 'Go to /analytics' }));
        queryClient.setQueryData(SESSION_QUERY_KEY, makeUser({ role: 'restaurant' }));
      });
      expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeVisible();
      expect(screen.getByTestId('location')).toHaveTextContent('/analytics');
    } finally {
      notifyManager.setScheduler(defaultScheduler);
    }
  });

  it('sends a user without the required role to /dashboard', async () => {
    mockApi({});
    renderApp({ route: '/admin', user: makeUser({ role: 'volunteer' }) });
    expect(await screen.findByRole('heading', { name: /Welcome, Asha Verma/ })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('lets an admin into /admin', async () => {
    mockApi({});
    renderApp({ route: '/admin', user: makeUser({ role: 'admin' }) });
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeVisible();
  });

  it('redirects unknown paths to the landing page', async () => {
    mockApi({});
    renderApp({ route: '/no/such/page', user: null });
    expect(
      await screen.findByRole('heading', { name: 'Surplus food, shared before it is wasted.' }),
    ).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
