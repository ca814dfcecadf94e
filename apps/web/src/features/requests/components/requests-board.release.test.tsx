import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { VOLUNTEER, stubIntersectionObserver, volunteerJob } from '../../../testing/jobs';
import { renderWithProviders } from '../../../testing/render';
import { RequestsBoard } from './requests-board';

/** A pickup the volunteer grabbed for themselves and has not collected yet. */
const grabbed = volunteerJob(1, {
  foodType: 'Veg biryani',
  requesterId: VOLUNTEER,
  requesterName: 'Ravi',
  isVolunteerRequest: true,
  destinationUserId: null,
  destinationName: null,
  destinationArea: null,
  dropoffPoint: null,
});
const DONATION = grabbed.donationId;

beforeEach(stubIntersectionObserver);
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
