import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FoodRequest, HoldingKind } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { receiver } from '../../../testing/receivers';
import { renderWithProviders } from '../../../testing/render';
import { CollectDialog } from './collect-dialog';

const BANK = '00000000-0000-4000-8000-0000000000b1';
const FARM = '00000000-0000-4000-8000-0000000000b2';

function request(holding: HoldingKind | null): FoodRequest {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    donationId: '00000000-0000-4000-8000-0000000000d1',
    foodType: 'Veg biryani',
    status: 'accepted',
    destinationType: 'foodbank',
    destinationUserId: BANK,
    holding,
    quantity: 20,
    unit: 'meals',
    allergens: [],
    safeUntil: null,
  } as Partial<FoodRequest> as FoodRequest;
}

function routes() {
  return {
    'GET /api/users': () => ({
      body: {
        items: [
          receiver(BANK, 'foodbank', 'Asha Food Bank'),
          receiver(FARM, 'poultry', 'Kaveri Farm'),
        ],
      },
    }),
    'POST /api/collections': {
      status: 201,
      body: {
        request: request('hot'),
        collection: {},
        destination: { name: 'Asha Food Bank', email: '', address: 'MG Road', phone: '98450' },
      },
    },
  };
}

const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/collections');

async function open(holding: HoldingKind | null) {
  const api = mockApi(routes());
  renderWithProviders(<CollectDialog request={request(holding)} onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog');
  const radio = (name: RegExp) => within(dialog).getByRole('radio', { name });
  return {
    ...api,
    dialog,
    hot: () => radio(/^Hot, above 60 °C/),
    room: () => radio(/^At room temperature/),
    good: () => radio(/^Good quality/),
    bad: () => radio(/^Not fit for people/),
    closed: () => within(dialog).getByRole('checkbox', { name: 'The container is closed' }),
    amount: () => within(dialog).getByLabelText(/^How much are you taking\? \(meals\)/),
    type: () => within(dialog).getByLabelText(/^Destination type/),
    user: () => within(dialog).getByLabelText(/^Destination(?! type)/),
    submit: () => within(dialog).getByRole('button', { name: 'Record collection' }),
  };
}

describe('collect dialog: the holding check at pickup', () => {
  it('starts from what the donor said, with the container unticked', async () => {
    const form = await open('hot');
    expect(form.hot()).toBeChecked();
    expect(form.closed()).not.toBeChecked();
    expect(form.dialog).toHaveTextContent(
      'The donor said: Hot, above 60 °C. Change it if you find otherwise.',
    );
  });

  it('asks for the amount taken with the estimate beside it, never sending the estimate unasked', async () => {
    const form = await open('hot');
    await waitFor(() => expect(form.user()).toHaveValue(BANK));
    // Empty, so a form sent unchanged cannot record the donor's estimate as counted.
    expect(form.amount()).toHaveValue(null);
    expect(form.amount()).toHaveAccessibleDescription(
      /^The donor posted about 20 meals\. Count or weigh it/,
    );
    await userEvent.click(form.submit());
    expect(
      await within(form.dialog).findByText('Quantity must be a number of at least 1.'),
    ).toBeVisible();
    await waitFor(() => expect(form.amount()).toHaveFocus());
    expect(posts(form.calls)).toHaveLength(0);

    await userEvent.type(form.amount(), '20');
    await userEvent.click(form.submit());
    await waitFor(() => expect(posts(form.calls)).toHaveLength(1));
    expect(posts(form.calls)[0]!.body).toMatchObject({ pickedQuantity: 20 });
  });

  it('sends what is shown after every choice is changed away and back, in any order', async () => {
    const form = await open('hot');
    await waitFor(() => expect(form.user()).toHaveValue(BANK));

    // Holding away and back, the container ticked, unticked and ticked again, and the
    // quality away (a farm chosen) and back, interleaved.
    await userEvent.click(form.room());
    await userEvent.type(form.amount(), '9');
    await userEvent.click(form.closed());
    await userEvent.click(form.bad());
    await userEvent.selectOptions(form.type(), 'poultry');
    await waitFor(() => expect(form.user()).toBeEnabled());
    await userEvent.selectOptions(form.user(), FARM);
    await userEvent.click(form.hot());
    await userEvent.click(form.closed());
    await userEvent.click(form.good());
    await userEvent.click(form.room());
    await userEvent.clear(form.amount());
    await userEvent.type(form.amount(), '18');
    await userEvent.click(form.closed());
    await userEvent.click(form.hot());

    expect(form.hot()).toBeChecked();
    expect(form.room()).not.toBeChecked();
    expect(form.closed()).toBeChecked();
    expect(form.good()).toBeChecked();
    expect(form.type()).toHaveValue('foodbank');
    await waitFor(() => expect(form.user()).toHaveValue(BANK));
    expect(form.submit()).toBeEnabled();

    await userEvent.click(form.submit());
    expect(await within(form.dialog).findByText('Take the food here')).toBeVisible();
    expect(posts(form.calls)).toHaveLength(1);
    expect(posts(form.calls)[0]!.body).toMatchObject({
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: BANK,
      holdingAtPickup: 'hot',
      containerClosed: true,
      pickedQuantity: 18,
    });
  });

  it('asks how much is taken: an empty amount or part of a meal is said beside the field', async () => {
    const form = await open('hot');
    await waitFor(() => expect(form.user()).toHaveValue(BANK));
    await userEvent.click(form.closed());

    await userEvent.clear(form.amount());
    await userEvent.click(form.submit());
    expect(
      await within(form.dialog).findByText('Quantity must be a number of at least 1.'),
    ).toBeVisible();
    await waitFor(() => expect(form.amount()).toHaveFocus());

    await userEvent.type(form.amount(), '2.5');
    await userEvent.click(form.submit());
    expect(await within(form.dialog).findByText(/whole number/i)).toBeVisible();
    // 20 were posted: 100000 is a slip, not a find.
    await userEvent.clear(form.amount());
    await userEvent.type(form.amount(), '100000');
    await userEvent.click(form.submit());
    expect(
      await within(form.dialog).findByText(/more than twice the amount expected/),
    ).toBeVisible();
    expect(posts(form.calls)).toHaveLength(0);

    await userEvent.clear(form.amount());
    await userEvent.type(form.amount(), '3');
    await userEvent.click(form.submit());
    expect(await within(form.dialog).findByText('Take the food here')).toBeVisible();
    expect(posts(form.calls)).toHaveLength(1);
    expect(posts(form.calls)[0]!.body).toMatchObject({ pickedQuantity: 3 });
  });

  it('asks for the holding when the donor did not say, and sends once it is chosen', async () => {
    const form = await open(null);
    expect(form.dialog).toHaveTextContent('The donor did not say. Choose what you find.');
    for (const radio of [form.hot(), form.room()]) expect(radio).not.toBeChecked();
    await waitFor(() => expect(form.user()).toHaveValue(BANK));
    await userEvent.type(form.amount(), '20');

    await userEvent.click(form.submit());
    expect(await within(form.dialog).findByText('Please say how the food is kept.')).toBeVisible();
    await waitFor(() => expect(form.hot()).toHaveFocus());
    expect(posts(form.calls)).toHaveLength(0);

    await userEvent.click(form.room());
    await userEvent.click(form.submit());
    await waitFor(() => expect(posts(form.calls)).toHaveLength(1));
    expect(posts(form.calls)[0]!.body).toMatchObject({
      holdingAtPickup: 'room',
      containerClosed: false,
    });
  });
});
