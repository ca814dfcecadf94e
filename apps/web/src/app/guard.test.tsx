import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../testing/fixtures';
import { mockApi } from '../testing/fetch-mock';
import { renderApp } from '../testing/render';

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
