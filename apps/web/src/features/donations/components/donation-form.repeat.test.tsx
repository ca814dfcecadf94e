import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { NURSERY, usersByRole } from '../../../testing/receivers';
import { renderWithProviders } from '../../../testing/render';
import type { FieldCodes } from '../../../lib/form-errors';
import { DonationForm, type DonationRepeatOption } from './donation-form';

const DONATION = '00000000-0000-4000-8000-0000000000d1';

type Save = DonationRepeatOption['save'];

/** The page's repeat option as the form sees it: a switch, and a save that answers as told. */
function Harness({ save }: { save: Save }) {
  const [repeating, setRepeating] = useState(false);
  const repeat: DonationRepeatOption = {
    fields: (
      <label>
        <input
          type="checkbox"
          checked={repeating}
          onChange={(event) => setRepeating(event.target.checked)}
        />
        repeat
      </label>
    ),
    repeating,
    pending: false,
    save,
    reset: () => undefined,
  };
  return <DonationForm user={makeUser({ role: 'restaurant' })} repeat={repeat} />;
}

function renderForm(answers: (FieldCodes | null)[] = [null]) {
  const save = vi.fn<Save>(async () => answers.shift() ?? null);
  const api = mockApi({
    'GET /api/users': usersByRole(() => api),
    'POST /api/donations': { status: 201, body: { donation: { id: DONATION }, request: null } },
  });
  renderWithProviders(<Harness save={save} />, { user: makeUser({ role: 'restaurant' }) });
  return { ...api, save };
}

const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/donations');
const repeatBox = () => screen.getByRole('checkbox', { name: 'repeat' });
const selfDelivery = () => screen.queryByRole('radio', { name: /^I deliver it myself/ });
const destinationType = () => screen.queryByLabelText(/^Destination type/);
const saveSeries = () =>
  userEvent.click(screen.getByRole('button', { name: 'Save recurring donation' }));

async function fillFood({ veg = true } = {}) {
  await userEvent.type(screen.getByLabelText(/^Food items/), 'Dal and 40 rotis');
  if (veg) await userEvent.selectOptions(screen.getByLabelText(/^Veg or non-veg/), 'veg');
  await userEvent.type(screen.getByLabelText(/^Quantity/), '40');
  await userEvent.click(screen.getByRole('radio', { name: /^Hot, above 60 °C/ }));
}

/** The food the form hands to the repeat option: no date, no delivery, no destination. */
const TEMPLATE = {
  cuisine: 'South Indian',
  foodType: 'Dal and 40 rotis',
  vegType: 'veg',
  quantity: 40,
  unit: 'meals',
  expiryHours: 6,
  notes: '',
  pickupAddress: '12 MG Road, Bengaluru',
  pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
  holding: 'hot',
  allergens: [],
};

describe('donation form with its repeat option', () => {
  it('once again after repeating: the delivery choice made before is shown and sent', async () => {
    const { calls, save } = renderForm();
    await fillFood();
    await userEvent.click(selfDelivery()!);
    await userEvent.selectOptions(destinationType()!, 'nursery');
    const receiver = screen.getByLabelText(/^Destination(?! type)/);
    await waitFor(() => expect(receiver).toBeEnabled());
    await userEvent.selectOptions(receiver, NURSERY);

    // A series is posted for a volunteer each time, prepared when posted.
    await userEvent.click(repeatBox());
    expect(selfDelivery()).toBeNull();
    expect(destinationType()).toBeNull();
    expect(screen.queryByLabelText(/^Preparation date/)).toBeNull();
    await userEvent.click(repeatBox());
    expect(selfDelivery()).toBeChecked();
    expect(destinationType()).toHaveValue('nursery');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Destination(?! type)/)).toHaveValue(NURSERY),
    );
    expect(screen.getByLabelText(/^Preparation date/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Post donation' }));
    expect(await screen.findByText('Donation created successfully!')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    expect(posts(calls)[0]!.body).toMatchObject({
      deliveryMethod: 'self',
      destinationType: 'nursery',
      destinationUserId: NURSERY,
    });
  });

  it('hides a failed post’s delivery problems while repeating, and shows them once again', async () => {
    const { calls, save } = renderForm();
    await fillFood();
    await userEvent.click(selfDelivery()!);
    await userEvent.click(screen.getByRole('button', { name: 'Post donation' }));
    const missing = 'Please choose a destination.';
    expect(await screen.findByRole('alert')).toHaveTextContent(missing);

    // A series has no destination: nothing may ask for one.
    await userEvent.click(repeatBox());
    expect(screen.queryByText(missing)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The one-off donation still lacks it.
    await userEvent.click(repeatBox());
    expect(screen.getByRole('alert')).toHaveTextContent(missing);
    expect(destinationType()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(repeatBox());

    await saveSeries();
    expect(await screen.findByText('Recurring donation saved')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    expect(save.mock.calls).toEqual([[TEMPLATE]]);
  });

  it('takes a food field’s message away once it is changed after a failed save', async () => {
    const { save } = renderForm([{ vegType: 'REQUIRED_FIELDS_MISSING' }, null]);
    await fillFood({ veg: false });
    await userEvent.click(repeatBox());
    await saveSeries();
    const veg = screen.getByLabelText(/^Veg or non-veg/);
    await waitFor(() => expect(veg).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');

    await userEvent.selectOptions(veg, 'nonveg');
    await waitFor(() => expect(veg).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByRole('alert')).toBeNull();
    await saveSeries();
    expect(await screen.findByText('Recurring donation saved')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[0]![0]).toEqual({ ...TEMPLATE, vegType: undefined });
    expect(save.mock.calls[1]![0]).toEqual({ ...TEMPLATE, vegType: 'nonveg' });
  });

  it('asks how a repeat is kept among cooked food only, and sends it with the allergens', async () => {
    const { save } = renderForm();
    await fillFood();
    const packaged = () => screen.queryByRole('radio', { name: /^Sealed packaged food/ });
    await userEvent.click(packaged()!);
    expect(screen.getByLabelText(/^Use-by date/)).toBeInTheDocument();

    // Packaged food's use-by date changes every time: a repeat offers cooked food only.
    await userEvent.click(repeatBox());
    expect(packaged()).toBeNull();
    expect(screen.queryByLabelText(/^Use-by date/)).toBeNull();
    // Said at once, not only when saving: the hidden choice needs another.
    const group = screen.getByRole('group', { name: /^How is the food kept/ });
    expect(within(group).getByText('Please say how the food is kept.')).toBeVisible();
    await saveSeries();
    const holding = screen.getByRole('group', { name: /^How is the food kept/ });
    expect(await within(holding).findByText('Please say how the food is kept.')).toBeVisible();
    expect(save).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('radio', { name: /^Chilled, below 5 °C/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Milk' }));
    // Away to the one-off form and back: the choices made while repeating are still there.
    await userEvent.click(repeatBox());
    expect(screen.getByRole('radio', { name: /^Chilled, below 5 °C/ })).toBeChecked();
    await userEvent.click(repeatBox());
    await saveSeries();
    expect(await screen.findByText('Recurring donation saved')).toBeInTheDocument();
    expect(save.mock.calls).toEqual([[{ ...TEMPLATE, holding: 'chilled', allergens: ['milk'] }]]);
  });
});
