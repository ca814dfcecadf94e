import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@annasetu/domain';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import type { AdminUser } from '../api/admin-api';
import { AdminUsers } from './admin-users';

const ME = makeUser({ role: 'admin', name: 'Meera Admin', organizationName: null });

function person(n: number, role: Role, organizationName: string): AdminUser {
  return {
    ...makeUser({ role, organizationName, email: `user${n}@example.in` }),
    id: `00000000-0000-4000-8000-00000000000${n}`,
    suspendedAt: null,
  };
}

/** The server: filters by role and search text, and keeps the flags the admin sets. */
function renderUsers() {
  const people = [
    ME as AdminUser,
    person(1, 'foodbank', 'Roti Bank'),
    { ...person(2, 'volunteer', 'Ravi Rides'), rating: 4.5, ratingCount: 12, noShows: 3 },
    person(3, 'foodbank', 'Asha Food Bank'),
  ];
  const routes: Parameters<typeof mockApi>[0] = {
    'GET /api/admin/users': () => {
      const url = new URL(String(api.fetchMock.mock.lastCall?.[0]), 'http://localhost');
      const role = url.searchParams.get('role');
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const items = people.filter(
        (p) =>
          (!role || p.role === role) &&
          (p.organizationName ?? p.name).toLowerCase().includes(search),
      );
      return { body: { items, nextCursor: null } };
    },
  };
  for (const target of people) {
    routes[`PATCH /api/admin/users/${target.id}`] = () => {
      const flags = api.calls.at(-1)!.body as { isVerified?: boolean; suspended?: boolean };
      if (flags.isVerified !== undefined) target.isVerified = flags.isVerified;
      if (flags.suspended !== undefined) {
        target.suspendedAt = flags.suspended ? new Date().toISOString() : null;
      }
      return { body: { user: target } };
    };
  }
  const api = mockApi(routes);
  renderWithProviders(<AdminUsers />, { user: ME });
  return api;
}

const names = () =>
  screen
    .getAllByTestId('admin-user')
    .map((row) => row.querySelector('.admin-user__name')!.firstChild!.textContent);
const listed = (api: ReturnType<typeof mockApi>) =>
  api.fetchMock.mock.calls
    .map(([input]) => String(input).replace(/^https?:\/\/[^/]+/, ''))
    .filter((url) => url.startsWith('/api/admin/users'));
const actions = (name: string) =>
  within(screen.getByRole('group', { name: `Actions for ${name}` }));

describe('admin users', () => {
  it("shows a rated person's average and count, and nothing for the unrated", async () => {
    renderUsers();
    await waitFor(() => expect(names()).toHaveLength(4));
    const rows = screen.getAllByTestId('admin-user');
    const ravi = rows.find((row) => row.textContent?.includes('Ravi Rides'))!;
    expect(within(ravi).getByText('★ 4.5 (12)')).toBeVisible();
    const roti = rows.find((row) => row.textContent?.includes('Roti Bank'))!;
    expect(roti.querySelector('.rating-badge')).toBeNull();
  });

  it("shows a volunteer's missed pickups, flagged once they lower the volunteer's alerts", async () => {
    renderUsers();
    await waitFor(() => expect(names()).toHaveLength(4));
    const rows = screen.getAllByTestId('admin-user');
    const ravi = rows.find((row) => row.textContent?.includes('Ravi Rides'))!;
    expect(within(ravi).getByText('3 missed pickups')).toHaveClass('chip--danger');
    const roti = rows.find((row) => row.textContent?.includes('Roti Bank'))!;
    expect(within(roti).queryByText(/missed pickup/)).toBeNull();
  });

  it('lists what the role and search show after the role changes away and back', async () => {
    const api = renderUsers();
    await waitFor(() => expect(names()).toHaveLength(4));
    const role = screen.getByLabelText('Role');

    await userEvent.selectOptions(role, 'foodbank');
    await waitFor(() => expect(names()).toEqual(['Roti Bank', 'Asha Food Bank']));
    await userEvent.selectOptions(role, 'volunteer');
    await waitFor(() => expect(names()).toEqual(['Ravi Rides']));
    await userEvent.selectOptions(role, 'all');
    await waitFor(() => expect(names()).toHaveLength(4));

    // Text typed, then a role: the list follows both boxes as shown.
    await userEvent.type(screen.getByLabelText(/^Search by name/), 'bank');
    await userEvent.selectOptions(role, 'foodbank');
    await waitFor(() => expect(names()).toEqual(['Roti Bank', 'Asha Food Bank']));
    await userEvent.clear(screen.getByLabelText(/^Search by name/));
    await userEvent.type(screen.getByLabelText(/^Search by name/), 'asha');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(names()).toEqual(['Asha Food Bank']));
    expect(role).toHaveValue('foodbank');

    expect(listed(api)).toEqual([
      '/api/admin/users',
      '/api/admin/users?role=foodbank',
      '/api/admin/users?role=volunteer',
      '/api/admin/users?role=foodbank&search=bank',
      '/api/admin/users?role=foodbank&search=asha',
    ]);
  });

  it('offers the opposite action after each change, and suspends only when confirmed', async () => {
    const api = renderUsers();
    await waitFor(() => expect(names()).toHaveLength(4));
    // No one suspends themselves.
    expect(actions('Meera Admin').queryByRole('button', { name: 'Suspend' })).toBeNull();

    await userEvent.click(actions('Roti Bank').getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Roti Bank is now verified')).toBeInTheDocument();
    await userEvent.click(
      await actions('Roti Bank').findByRole('button', { name: 'Remove verification' }),
    );
    expect(await screen.findByText('Roti Bank is no longer verified')).toBeInTheDocument();
    expect(await actions('Roti Bank').findByRole('button', { name: 'Verify' })).toBeEnabled();

    // Suspend, change of mind, then suspend for real and restore.
    await userEvent.click(actions('Ravi Rides').getByRole('button', { name: 'Suspend' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Suspend Ravi Rides?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(actions('Ravi Rides').getByRole('button', { name: 'Suspend' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Ravi Rides is suspended')).toBeInTheDocument();
    const row = screen.getByRole('group', { name: 'Actions for Ravi Rides' }).closest('li')!;
    await waitFor(() => expect(within(row).getByText('Suspended')).toBeInTheDocument());
    await userEvent.click(await actions('Ravi Rides').findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Ravi Rides is restored')).toBeInTheDocument();
    expect(await actions('Ravi Rides').findByRole('button', { name: 'Suspend' })).toBeEnabled();
    expect(within(row).queryByText('Suspended')).toBeNull();

    const patches = api.calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/users/00000000-0000-4000-8000-000000000001', { isVerified: true }],
      ['/api/admin/users/00000000-0000-4000-8000-000000000001', { isVerified: false }],
      ['/api/admin/users/00000000-0000-4000-8000-000000000002', { suspended: true }],
      ['/api/admin/users/00000000-0000-4000-8000-000000000002', { suspended: false }],
    ]);
  });
});
