import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { RequestsBoard } from './requests-board';

const VOLUNTEER = '00000000-0000-4000-8000-0000000000c1';

/** A job the volunteer carries from kitchen `n` to food bank `n`. */
const job = (n: number) =>
  ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    donationId: `00000000-0000-4000-8000-0000000000d${n}`,
    requesterId: `00000000-0000-4000-8000-0000000000b${n}`,
    requesterName: `Seva Bank ${n}`,
    status: 'accepted',
    foodType: `Meal ${n}`,
    quantity: 10,
    unit: 'meals',
    donorId: `00000000-0000-4000-8000-0000000000a${n}`,
    donorName: `Kitchen ${n}`,
    donorArea: 'Indiranagar, Bengaluru',
    donorAddress: `${n} CMH Road, Indiranagar, Bengaluru`,
    isVolunteerRequest: false,
    isRoutedByVolunteer: true,
    isSelfDelivery: false,
    volunteerId: VOLUNTEER,
    volunteerName: 'Ravi',
    destinationUserId: `00000000-0000-4000-8000-0000000000b${n}`,
    destinationName: `Seva Bank ${n}`,
    destinationArea: 'Koramangala, Bengaluru',
    pickupPoint: { lat: 12.97, lng: 77.5 + n / 100 },
    dropoffPoint: { lat: 12.97, lng: 77.53 + n / 100 },
    createdAt: '2026-11-24T09:00:00.000Z',
  }) as FoodRequest;

class QuietObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('IntersectionObserver', QuietObserver));
afterEach(() => vi.unstubAllGlobals());

describe('RequestsBoard: the trip', () => {
  it("shows a volunteer's three jobs as one trip above their requests, and asks no one else", async () => {
    const jobs = [job(1), job(2), job(3)];
    const { calls } = mockApi({
      'GET /api/requests': { body: { items: jobs, nextCursor: null } },
      'GET /api/requests/trip': { body: { items: jobs } },
    });
    const user = makeUser({
      id: VOLUNTEER,
      role: 'volunteer',
      coordinates: { lat: 12.97, lng: 77.5 },
    });
    renderWithProviders(<RequestsBoard user={user} />);
    const trip = (await screen.findByRole('heading', { name: 'Your trip' })).closest('section')!;
    expect(within(trip).getAllByRole('listitem')).toHaveLength(6);
    const whole = within(trip).getByRole('link', { name: 'Open the whole trip' });
    const params = new URL(whole.getAttribute('href')!).searchParams;
    expect(params.get('waypoints')!.split('|')).toHaveLength(5);
    // Above the list: the trip comes first in the page.
    const list = screen.getByRole('heading', { name: 'Your requests' });
    expect(trip.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/requests/trip')).toHaveLength(1);
  });

  it('does not ask a food bank for a trip', async () => {
    const { calls } = mockApi({
      'GET /api/requests': { body: { items: [], nextCursor: null } },
      'GET /api/requests/incoming': { body: { items: [] } },
    });
    renderWithProviders(<RequestsBoard user={makeUser({ role: 'foodbank' })} />);
    await screen.findByRole('heading', { name: 'Your requests' });
    expect(screen.queryByRole('heading', { name: 'Your trip' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/requests/trip')).toBe(false);
  });
});
