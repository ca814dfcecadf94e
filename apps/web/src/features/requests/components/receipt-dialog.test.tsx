import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { ReceiptDialog } from './receipt-dialog';

const REQUEST_ID = '00000000-0000-4000-8000-0000000000e1';
const RECEIPT = `POST /api/requests/${REQUEST_ID}/confirm-receipt`;

function delivery(changes: Partial<FoodRequest> = {}): FoodRequest {
  return {
    id: REQUEST_ID,
    donationId: '00000000-0000-4000-8000-0000000000d1',
    foodType: 'Veg biryani',
    quantity: 20,
    unit: 'meals',
    status: 'collected',
    pickedQuantity: 18,
    receivedQuantity: null,
    arrivalCondition: null,
    ...changes,
  } as Partial<FoodRequest> as FoodRequest;
}

async function open(request: FoodRequest) {
  const api = mockApi({ [RECEIPT]: { body: { request: { ...request, status: 'fulfilled' } } } });
  renderWithProviders(
    <ReceiptDialog target={{ request, selfDelivery: false }} onClose={() => undefined} />,
  );
  const dialog = await screen.findByRole('dialog');
  const sent = () => api.calls.filter((c) => `${c.method} ${c.url}` === RECEIPT);
  return { dialog, sent };
}

describe('receipt dialog: how much arrived', () => {
  it('starts at what the volunteer picked up and sends what the receiver confirms', async () => {
    const { dialog, sent } = await open(delivery());
    const amount = within(dialog).getByLabelText(/^How much arrived\? \(meals\)/);
    expect(amount).toHaveValue(18);

    await userEvent.clear(amount);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm receipt' }));
    expect(
      await within(dialog).findByText('Quantity must be a number of at least 1.'),
    ).toBeVisible();
    await userEvent.type(amount, '8.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm receipt' }));
    expect(await within(dialog).findByText(/whole number/i)).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '37');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm receipt' }));
    expect(await within(dialog).findByText(/more than twice the amount expected/)).toBeVisible();
    expect(sent()).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm receipt' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toEqual({ arrivalCondition: 'good', notes: '', receivedQuantity: 9 });
  });

  it('after delivery asks only for what is not recorded yet', async () => {
    const { dialog, sent } = await open(
      delivery({ status: 'fulfilled', receivedQuantity: 18, arrivalCondition: null }),
    );
    expect(within(dialog).queryByLabelText(/^How much arrived/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Doubtful/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toEqual({ arrivalCondition: 'doubtful', notes: '' });
  });
});
