import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { RequestsBoard } from './requests-board';

const VOLUNTEER = '00000000-0000-4000-8000-0000000000c1';
const DONATION = '00000000-0000-4000-8000-0000000000d1';

/** A pickup the volunteer has grabbed and not collected yet. */
const grabbed = {
  id: '00000000-0000-4000-8000-000000000001',
  donationId: DONATION,
  requesterId: VOLUNTEER,
  requesterName: 'Ravi',
  status: 'accepted',
  foodType: 'Veg biryani',
  quantity: 10,
  unit: 'meals',
  donorId: '00000000-0000-4000-8000-0000000000a1',
  donorName: 'Annapurna Kitchen',
  donorArea: 'Indiranagar, Bengaluru',
  donorAddress: '1 CMH Road, Indiranagar, Bengaluru',
  isVolunteerRequest: true,
  isRoutedByVolunteer: true,
  isSelfDelivery: false,
  volunteerId: VOLUNTEER,
  volunteerName: 'Ravi',
  pickupPoint: { lat: 12.97, lng: 77.64 },
  createdAt: '2026-11-24T09:00:00.000Z',
} as FoodRequest;

class QuietObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('IntersectionObserver', QuietObserver));
afterEach(() => vi.unstubAllGlobals());

describe('RequestsBoard: giving a pickup back', () => {
  it('asks first; Cancel keeps the job, Release gives it back once and says so', async () => {
    const { calls } = mockApi({
      'GET /api/requests': { body: { items: [grabbed], nextCursor: null } },
      'GET /api/requests/trip': { body: { items: [grabbed] } },
      [`POST /api/donations/${DONATION}/release`]: { status: 204 },
    });
    const user = makeUser({ id: VOLUNTEER, role: 'volunteer' });
    renderWithProviders(<RequestsBoard user={user} />);
    const posts = () => calls.filter((call) => call.method === 'POST');

    // A tap on Release only asks.
    await userEvent.click(await screen.findByRole('button', { name: 'Release' }));
    let dialog = await screen.findByRole('dialog', { name: 'Give this pickup back?' });
    expect(
      within(dialog).getByText(/“Veg biryani” goes back to the volunteers’ feed/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toHaveLength(0);

    // Asked again and confirmed: one call, and a message that says what happened.
    await userEvent.click(screen.getByRole('button', { name: 'Release' }));
    dialog = await screen.findByRole('dialog', { name: 'Give this pickup back?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release pickup' }));
    expect(
      await screen.findByText('Released: “Veg biryani” is back in the feed for another volunteer.'),
    ).toBeTruthy();
    expect(posts().map((call) => call.url)).toEqual([`/api/donations/${DONATION}/release`]);
  });
});
