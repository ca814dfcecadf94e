import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { VOLUNTEER, stubIntersectionObserver, volunteerJob } from '../../../testing/jobs';
import { renderWithProviders } from '../../../testing/render';
import { RequestsBoard } from './requests-board';

/** A job the volunteer has collected and still has to deliver. */
const collected = volunteerJob(1, { status: 'collected', foodType: 'Veg biryani' });

beforeEach(stubIntersectionObserver);
afterEach(() => vi.unstubAllGlobals());

describe('RequestsBoard: food in hand', () => {
  it('keeps a collected job and its Mark delivered at hand under the default filter, once under All', async () => {
    // The server's "active" list (pending or accepted) leaves the collected job out; "all" has it.
    const api = mockApi({
      'GET /api/requests': () => {
        const url = String(api.fetchMock.mock.lastCall?.[0] ?? '');
        return { body: { items: url.includes('filter=all') ? [collected] : [], nextCursor: null } };
      },
      'GET /api/requests/trip': { body: { items: [collected] } },
    });
    const user = makeUser({
      id: VOLUNTEER,
      role: 'volunteer',
      coordinates: { lat: 12.97, lng: 77.6 },
    });
    renderWithProviders(<RequestsBoard user={user} />);

    const inHand = (await screen.findByRole('heading', { name: 'In your hands' })).closest(
      'section',
    )!;
    expect(within(inHand).getByText('Veg biryani')).toBeTruthy();
    expect(within(inHand).getByRole('button', { name: 'Mark delivered' })).toBeTruthy();

    // Under "All" the job is in the list itself, so it is not shown twice.
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    const list = screen.getByRole('heading', { name: 'Your requests' }).closest('section')!;
    await within(list).findByText('Veg biryani');
    expect(screen.queryByRole('heading', { name: 'In your hands' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Mark delivered' })).toHaveLength(1);

    // And back to the default: at hand again.
    await userEvent.click(screen.getByRole('button', { name: 'Active' }));
    await screen.findByRole('heading', { name: 'In your hands' });
    expect(screen.getAllByRole('button', { name: 'Mark delivered' })).toHaveLength(1);
  });

  it('draws a job once when the list still holds it (a collection waiting for signal)', async () => {
    mockApi({
      'GET /api/requests': { body: { items: [collected], nextCursor: null } },
      'GET /api/requests/trip': { body: { items: [collected] } },
    });
    const user = makeUser({ id: VOLUNTEER, role: 'volunteer' });
    renderWithProviders(<RequestsBoard user={user} />);
    const list = (await screen.findByRole('heading', { name: 'Your requests' })).closest(
      'section',
    )!;
    await within(list).findByText('Veg biryani');
    expect(screen.queryByRole('heading', { name: 'In your hands' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Mark delivered' })).toHaveLength(1);
  });

  it('opened from a notification about a finished job, lists it (under All) so its card is there', async () => {
    const done = volunteerJob(2, { status: 'fulfilled', foodType: 'Lemon rice' });
    const api = mockApi({
      'GET /api/requests': () => {
        const url = String(api.fetchMock.mock.lastCall?.[0] ?? '');
        return { body: { items: url.includes('filter=all') ? [done] : [], nextCursor: null } };
      },
      'GET /api/requests/trip': { body: { items: [] } },
    });
    const user = makeUser({ id: VOLUNTEER, role: 'volunteer' });
    renderWithProviders(<RequestsBoard user={user} />, { route: `/requests?focus=${done.id}` });
    const list = (await screen.findByRole('heading', { name: 'Your requests' })).closest(
      'section',
    )!;
    await within(list).findByText('Lemon rice');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });
});
