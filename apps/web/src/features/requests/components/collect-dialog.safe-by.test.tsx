import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { receiver } from '../../../testing/receivers';
import { renderWithProviders } from '../../../testing/render';
import { CollectDialog } from './collect-dialog';

const BANK = '00000000-0000-4000-8000-0000000000b1';
const FARM = '00000000-0000-4000-8000-0000000000b2';

function request(safeUntil: string | null): FoodRequest {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    donationId: '00000000-0000-4000-8000-0000000000d1',
    foodType: 'Veg biryani',
    status: 'accepted',
    destinationType: 'foodbank',
    destinationUserId: BANK,
    holding: 'room',
    quantity: 20,
    unit: 'meals',
    allergens: [],
    safeUntil,
  } as Partial<FoodRequest> as FoodRequest;
}

function routes(collect: { status: number; body: unknown }) {
  return {
    'GET /api/users': () => ({
      body: {
        items: [
          receiver(BANK, 'foodbank', 'Asha Food Bank'),
          receiver(FARM, 'poultry', 'Kaveri Farm'),
        ],
      },
    }),
    'POST /api/collections': collect,
  };
}

const done = {
  status: 201,
  body: {
    request: request(null),
    collection: {},
    destination: { name: 'Kaveri Farm', email: '', address: 'Hosur Road', phone: '98450' },
  },
};

describe('collect dialog and the safe-by time', () => {
  it('explains why food past its safe-by time is not fit for people and starts there', async () => {
    const { calls } = mockApi(routes(done));
    const past = new Date(Date.now() - 30 * 60_000).toISOString();
    renderWithProviders(<CollectDialog request={request(past)} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('past-safe-by')).toHaveTextContent(
      /was safe for people until .+\. It can now only go as not fit for people/,
    );
    expect(within(dialog).getByRole('radio', { name: /^Not fit for people/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /^Good quality/ })).toBeDisabled();

    await userEvent.selectOptions(within(dialog).getByLabelText(/^Destination type/), 'poultry');
    const user = within(dialog).getByLabelText(/^Destination(?! type)/);
    await waitFor(() => expect(user).toBeEnabled());
    await userEvent.selectOptions(user, FARM);
    await userEvent.type(within(dialog).getByLabelText(/^How much are you taking/), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record collection' }));
    expect(await within(dialog).findByText('Take the food here')).toBeVisible();
    expect(calls.find((c) => c.url === '/api/collections')!.body).toMatchObject({
      quality: 'bad',
      destinationType: 'poultry',
    });
  });

  it('offers good quality while the food is safe, and says why the server refused it late', async () => {
    mockApi(
      routes({
        status: 409,
        body: { error: 'past', code: 'FOOD_PAST_SAFE_BY' },
      }),
    );
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    renderWithProviders(<CollectDialog request={request(soon)} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('past-safe-by')).toBeNull();
    expect(within(dialog).getByRole('radio', { name: /^Good quality/ })).toBeChecked();
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Destination(?! type)/)).toHaveValue(BANK),
    );
    await userEvent.type(within(dialog).getByLabelText(/^How much are you taking/), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record collection' }));
    expect(
      await screen.findByText(/This food is past its safe-for-people time/),
    ).toBeInTheDocument();
  });
});
