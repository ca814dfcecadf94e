import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { mockApi } from '../../testing/fetch-mock';
import { makeDonation, makeUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const BANK = makeUser({ id: '00000000-0000-4000-8000-0000000000b1', role: 'foodbank' });
const donation = makeDonation({ donorName: 'Annapurna Kitchen', status: 'completed' });
const DONATION_URL = `GET /api/donations/${donation.id}`;

/** The food bank's delivery of the donation, at `status`. */
const delivery = (status: FoodRequest['status']) =>
  ({
    id: '00000000-0000-4000-8000-0000000000e1',
    donationId: donation.id,
    foodType: donation.foodType,
    quantity: 30,
    unit: 'meals',
    status,
    donorId: donation.donorId,
    donorName: donation.donorName,
    isVolunteerRequest: true,
    isSelfDelivery: false,
    destinationUserId: BANK.id,
    destinationAccepted: false,
    createdAt: '2026-11-28T08:00:00.000Z',
    updatedAt: '2026-11-28T09:15:00.000Z',
  }) as FoodRequest;

describe('/donations/:id, the page a label’s code opens', () => {
  it('shows the donation to the receiver it is delivered to, who confirms receipt there', async () => {
    const api = mockApi({
      [DONATION_URL]: { body: { donation } },
      'GET /api/requests/incoming': { body: { items: [delivery('collected')] } },
      [`POST /api/requests/${delivery('collected').id}/confirm-receipt`]: {
        body: { request: delivery('fulfilled') },
      },
    });
    renderApp({ route: `/donations/${donation.id}`, user: BANK });

    expect(await screen.findByRole('heading', { level: 1, name: donation.foodType })).toBeVisible();
    const section = await screen.findByRole('region', { name: 'Delivery to you' });
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm receipt' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm receipt' }));

    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain(
        `POST /api/requests/${delivery('collected').id}/confirm-receipt`,
      ),
    );
    // No label for the receiver: only the donor prints one.
    expect(screen.queryByRole('button', { name: 'Print label' })).toBeNull();
  });

  it('tells a receiver without a delivery of it nothing more than the donation', async () => {
    mockApi({
      [DONATION_URL]: { body: { donation } },
      'GET /api/requests/incoming': { body: { items: [] } },
    });
    renderApp({ route: `/donations/${donation.id}`, user: BANK });
    expect(await screen.findByRole('heading', { level: 1, name: donation.foodType })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Delivery to you' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
  });

  it('gives the server’s "no longer available" to anyone it does not show the donation to', async () => {
    mockApi({
      [DONATION_URL]: {
        status: 404,
        body: { error: 'This donation is no longer available.', code: 'DONATION_GONE' },
      },
    });
    renderApp({ route: `/donations/${donation.id}`, user: BANK });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This donation is no longer available or has been deleted by the donor.',
    );
  });

  it('lets the donor print the label again', async () => {
    const donor = makeUser({ id: donation.donorId });
    mockApi({ [DONATION_URL]: { body: { donation } } });
    renderApp({ route: `/donations/${donation.id}`, user: donor });
    expect(await screen.findByRole('button', { name: 'Print label' })).toBeVisible();
  });
});
