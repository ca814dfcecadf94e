import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { makeDonation, makeUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { stubIntersectionObserver } from '../../../testing/jobs';
import { MyDonations } from './my-donations';

const donor = makeUser();
const donation = makeDonation({ donorId: donor.id });

describe("the donor's own donations", () => {
  it('offers a label for every donation, and asks before deleting one', async () => {
    stubIntersectionObserver();
    const api = mockApi({
      'GET /api/donations/mine': { body: { items: [donation], nextCursor: null } },
      [`DELETE /api/donations/${donation.id}`]: { status: 204 },
    });
    renderWithProviders(<MyDonations />, { user: donor });
    const card = await screen.findByRole('article', { name: donation.foodType });

    await userEvent.click(within(card).getByRole('button', { name: 'Print label' }));
    const label = await screen.findByRole('dialog', { name: `Label for "${donation.foodType}"` });
    await userEvent.click(within(label).getByRole('button', { name: 'Cancel' }));

    // The confirmation loads on the first tap on Delete; nothing is deleted before it is answered.
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this donation?' });
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete donation' }));
    await waitFor(() =>
      expect(api.calls.map((call) => `${call.method} ${call.url}`)).toContain(
        `DELETE /api/donations/${donation.id}`,
      ),
    );
  });
});
