import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { CollectDialog } from './collect-dialog';

const BANK = '00000000-0000-4000-8000-0000000000b1';
const FARM = '00000000-0000-4000-8000-0000000000b2';

function makeRequest(n: number): FoodRequest {
  return {
    id: `00000000-0000-4000-8000-0000000000e${n}`,
    donationId: `00000000-0000-4000-8000-0000000000d${n}`,
    foodType: `Veg biryani ${n}`,
    status: 'accepted',
    destinationType: 'foodbank',
    destinationUserId: BANK,
    // The donor said how the food is kept: the holding check at pickup starts there.
    holding: 'hot',
    quantity: 20,
    unit: 'meals',
  } as FoodRequest;
}

const summary = (id: string, role: string, name: string) => ({
  id,
  role,
  name,
  organizationName: name,
  address: 'MG Road',
  phone: '9876543210',
  email: 'x@example.in',
  coordinates: null,
  isVerified: false,
  area: null,
  distanceKm: null,
});

function routes() {
  return {
    'GET /api/users': () => ({
      body: {
        items: [
          summary(BANK, 'foodbank', 'Asha Food Bank'),
          summary(FARM, 'poultry', 'Kaveri Farm'),
        ],
      },
    }),
    'POST /api/collections': {
      status: 201,
      body: {
        request: makeRequest(1),
        collection: {},
        destination: { name: 'Kaveri Farm', email: '', address: 'Hosur Road', phone: '98450' },
      },
    },
  };
}

/** The board's part: which request is being collected; a button opens the next one. */
function Harness() {
  const [request, setRequest] = useState<FoodRequest | null>(makeRequest(1));
  return (
    <>
      <button type="button" onClick={() => setRequest(makeRequest(2))}>
        next
      </button>
      <CollectDialog request={request} onClose={() => setRequest(null)} />
    </>
  );
}

const amount = (dialog: HTMLElement) => within(dialog).getByLabelText(/^How much are you taking/);

const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/collections');

describe('collect dialog', () => {
  it('starts with good food for the receiver who asked; bad food needs a nursery or poultry farm', async () => {
    const { calls } = mockApi(routes());
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /^Good quality/ })).toBeChecked();
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Destination(?! type)/)).toHaveValue(BANK),
    );
    const submit = within(dialog).getByRole('button', { name: 'Record collection' });
    expect(submit).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('radio', { name: /^Not fit for people/ }));
    const type = within(dialog).getByLabelText(/^Destination type/);
    expect(type).toHaveValue('');
    expect([...(type as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      '',
      'nursery',
      'poultry',
    ]);
    expect(submit).toBeDisabled();
    expect(
      within(dialog).getByText('Choose a destination to record the collection.'),
    ).toBeVisible();

    await userEvent.selectOptions(type, 'poultry');
    const user = within(dialog).getByLabelText(/^Destination(?! type)/);
    await waitFor(() => expect(user).toBeEnabled());
    await userEvent.selectOptions(user, FARM);
    await userEvent.type(within(dialog).getByLabelText(/^Notes/), 'Rice had turned');
    await userEvent.type(amount(dialog), '18');
    await userEvent.click(submit);

    expect(await within(dialog).findByText('Take the food here')).toBeVisible();
    expect(dialog).toHaveTextContent('Hosur Road');
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({
      donationId: makeRequest(1).donationId,
      requestId: makeRequest(1).id,
      quality: 'bad',
      destinationType: 'poultry',
      destinationUserId: FARM,
      notes: 'Rice had turned',
      holdingAtPickup: 'hot',
      containerClosed: false,
      // What the volunteer counted, not the 20 posted.
      pickedQuantity: 18,
    });
  });

  it('starts afresh when another request is opened', async () => {
    mockApi(routes());
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Not fit for people/ }));
    await userEvent.type(within(dialog).getByLabelText(/^Notes/), 'Left from the first');

    // The dialog is modal in a browser; here the button behind it stands for the board.
    await userEvent.click(screen.getByRole('button', { name: 'next', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Collect "Veg biryani 2"' })).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: /^Good quality/ })).toBeChecked();
    expect(within(dialog).getByLabelText(/^Notes/)).toHaveValue('');
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Destination(?! type)/)).toHaveValue(BANK),
    );
  });

  it('keeps the shown choices and the form in step when the quality is changed away and back', async () => {
    const { calls } = mockApi(routes());
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog');
    const good = within(dialog).getByRole('radio', { name: /^Good quality/ });
    const bad = within(dialog).getByRole('radio', { name: /^Not fit for people/ });
    const type = () => within(dialog).getByLabelText(/^Destination type/);
    const user = () => within(dialog).getByLabelText(/^Destination(?! type)/);
    const submit = within(dialog).getByRole('button', { name: 'Record collection' });

    await userEvent.click(bad);
    await userEvent.click(good);
    expect(type()).toHaveValue('foodbank');
    await waitFor(() => expect(user()).toBeEnabled());
    await waitFor(() => expect(user()).toHaveValue(BANK));
    // Bad again, a farm chosen, then good once more: the food bank comes back.
    await userEvent.click(bad);
    await userEvent.selectOptions(type(), 'poultry');
    await waitFor(() => expect(user()).toBeEnabled());
    await userEvent.selectOptions(user(), FARM);
    await userEvent.click(good);
    expect(type()).toHaveValue('foodbank');
    await waitFor(() => expect(user()).toHaveValue(BANK));
    expect(submit).toBeEnabled();
    await userEvent.type(amount(dialog), '20');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Take the food here')).toBeVisible();
    expect(posts(calls)[0]!.body).toMatchObject({
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: BANK,
    });
  });

  it('offers the food banks after bad and back to good when nobody asked for the food', async () => {
    const { calls } = mockApi(routes());
    const open = {
      ...makeRequest(3),
      destinationType: null,
      destinationUserId: null,
    } as FoodRequest;
    renderWithProviders(<CollectDialog request={open} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const type = () => within(dialog).getByLabelText(/^Destination type/);
    const user = () => within(dialog).getByLabelText(/^Destination(?! type)/);
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Not fit for people/ }));
    expect(type()).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Good quality/ }));
    expect(type()).toHaveValue('foodbank');
    await waitFor(() => expect(user()).toBeEnabled());
    expect(within(dialog).queryByText('Choose a destination type first')).toBeNull();
    await userEvent.selectOptions(user(), BANK);
    // Changed away (a farm chosen for unfit food) and back: each choice comes back as it was.
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Not fit for people/ }));
    await userEvent.selectOptions(type(), 'poultry');
    await waitFor(() => expect(user()).toBeEnabled());
    await userEvent.selectOptions(user(), FARM);
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Good quality/ }));
    expect(type()).toHaveValue('foodbank');
    await waitFor(() => expect(user()).toHaveValue(BANK));
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Not fit for people/ }));
    expect(type()).toHaveValue('poultry');
    await waitFor(() => expect(user()).toHaveValue(FARM));
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Good quality/ }));
    await waitFor(() => expect(user()).toHaveValue(BANK));
    await userEvent.type(amount(dialog), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record collection' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: BANK,
    });
  });
});
