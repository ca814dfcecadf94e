import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { BANK, FARM, NURSERY, usersByRole } from '../../../testing/receivers';
import { renderWithProviders } from '../../../testing/render';
import { CoverageActions } from './coverage-actions';

const DONATION = '00000000-0000-4000-8000-0000000000d1';
const DELIVER = `POST /api/donations/${DONATION}/self-delivery`;

const notification = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-0000000000aa',
  type: 'coverage_unclaimed',
  title: 'Nobody has picked it up yet',
  message: 'stored English text',
  data: { donationId: DONATION, foodType: 'Lemon rice' },
  createdAt: new Date().toISOString(),
  isRead: false,
  readAt: null,
} as AppNotification;

describe('coverage actions: deliver it myself', () => {
  it('asks for a receiver of the type shown after the type changes away and back, then sends it', async () => {
    const api = mockApi({
      'GET /api/users': usersByRole(() => api),
      [DELIVER]: { body: { donation: { id: DONATION } } },
    });
    renderWithProviders(<CoverageActions notification={notification} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deliver it myself' }));
    const dialog = await screen.findByRole('dialog');
    const type = () => within(dialog).getByLabelText(/^Destination type/);
    const user = () => within(dialog).getByLabelText(/^Destination(?! type)/);
    const confirm = () => within(dialog).getByRole('button', { name: 'I will deliver it' });
    expect(confirm()).toBeDisabled();

    await userEvent.selectOptions(type(), 'nursery');
    await waitFor(() => expect(user()).toBeEnabled());
    await userEvent.selectOptions(user(), NURSERY);
    expect(confirm()).toBeEnabled();
    // Another type: the receiver goes with it, and the button waits for a new one.
    await userEvent.selectOptions(type(), 'poultry');
    expect(user()).toHaveValue('');
    expect(confirm()).toBeDisabled();
    await waitFor(() => expect(user()).toBeEnabled());
    await userEvent.selectOptions(user(), FARM);
    await userEvent.selectOptions(type(), 'foodbank');
    await waitFor(() => expect(user()).toBeEnabled());
    expect(within(user()).getByRole('option', { name: 'Asha Food Bank' })).toBeInTheDocument();
    expect(within(user()).queryByRole('option', { name: 'Kaveri Farm' })).toBeNull();
    await userEvent.selectOptions(user(), BANK);
    // Back to the nursery: chosen again before it can be sent.
    await userEvent.selectOptions(type(), 'nursery');
    expect(user()).toHaveValue('');
    expect(confirm()).toBeDisabled();
    await waitFor(() => expect(user()).toBeEnabled());
    await userEvent.selectOptions(user(), NURSERY);
    expect(confirm()).toBeEnabled();

    await userEvent.click(confirm());
    expect(await screen.findByText('You will deliver it yourself')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.calls.filter((call) => `${call.method} ${call.url}` === DELIVER);
    expect(sent.map((call) => call.body)).toEqual([
      { destinationType: 'nursery', destinationUserId: NURSERY },
    ]);
  });

  it('shows the choice kept when the dialog is closed and opened again', async () => {
    const api = mockApi({
      'GET /api/users': usersByRole(() => api),
      [DELIVER]: { body: { donation: { id: DONATION } } },
    });
    renderWithProviders(<CoverageActions notification={notification} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deliver it myself' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Destination type/), 'poultry');
    const farm = within(dialog).getByLabelText(/^Destination(?! type)/);
    await waitFor(() => expect(farm).toBeEnabled());
    await userEvent.selectOptions(farm, FARM);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Deliver it myself' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Destination type/)).toHaveValue('poultry');
    expect(within(dialog).getByLabelText(/^Destination(?! type)/)).toHaveValue(FARM);
    await userEvent.click(within(dialog).getByRole('button', { name: 'I will deliver it' }));
    expect(await screen.findByText('You will deliver it yourself')).toBeInTheDocument();
    expect(api.calls.find((call) => `${call.method} ${call.url}` === DELIVER)?.body).toEqual({
      destinationType: 'poultry',
      destinationUserId: FARM,
    });
  });
});
