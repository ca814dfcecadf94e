import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { BANK, FARM, NURSERY, usersByRole } from '../../../testing/receivers';
import { renderWithProviders } from '../../../testing/render';
import { DonationForm } from './donation-form';

const DONATION = '00000000-0000-4000-8000-0000000000d1';

const destinationType = () => screen.getByLabelText(/^Destination type/);
const destination = () => screen.getByLabelText(/^Destination(?! type)/);
/** The receivers offered, by name (the placeholder left out). */
const offered = () =>
  within(destination())
    .getAllByRole('option')
    .filter((option) => (option as HTMLOptionElement).value)
    .map((option) => option.textContent);

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Post donation' }));
const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/donations');

function renderForm(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(routes);
  const user = makeUser({ role: 'restaurant' });
  renderWithProviders(<DonationForm user={user} />, { user });
  return api;
}

async function fillFood() {
  await userEvent.type(screen.getByLabelText(/^Food items/), '  Dal and 40 rotis ');
  await userEvent.selectOptions(screen.getByLabelText(/^Veg or non-veg/), 'veg');
  await userEvent.type(screen.getByLabelText(/^Quantity/), '40');
  await userEvent.click(screen.getByRole('radio', { name: /^Hot, above 60 °C/ }));
}

describe('donation form', () => {
  it('starts from the donor: cuisine and address from the profile, meals, 6 hours, a volunteer', () => {
    renderForm();
    expect(screen.getByLabelText(/^Cuisine/)).toHaveValue('South Indian');
    expect(screen.getByLabelText(/^Pickup address/)).toHaveValue('12 MG Road, Bengaluru');
    expect(screen.getByLabelText(/^Unit/)).toHaveValue('meals');
    expect(screen.getByLabelText(/^Safe to eat for/)).toHaveValue(6);
    expect(screen.getByRole('radio', { name: /^A volunteer collects it/ })).toBeChecked();
  });

  it('marks every missing field, says so once, focuses the first and sends nothing', async () => {
    const { calls } = renderForm();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please fill in all required fields');
    const food = screen.getByLabelText(/^Food items/);
    expect(food).toHaveAttribute('aria-invalid', 'true');
    expect(food).toHaveAccessibleDescription(/This field is required/);
    expect(screen.getByLabelText(/^Veg or non-veg/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Quantity/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Cuisine/)).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(food).toHaveFocus());
    expect(posts(calls)).toHaveLength(0);
  });

  it("applies the domain's rules: meals are whole, a self delivery names its destination", async () => {
    const { calls } = renderForm({
      'GET /api/users': {
        body: {
          items: [
            {
              id: BANK,
              role: 'foodbank',
              name: 'Asha',
              organizationName: 'Asha Food Bank',
              isVerified: false,
              area: null,
              distanceKm: null,
            },
          ],
        },
      },
    });
    await fillFood();
    await userEvent.clear(screen.getByLabelText(/^Quantity/));
    await userEvent.type(screen.getByLabelText(/^Quantity/), '2.5');
    await userEvent.click(screen.getByRole('radio', { name: /^I deliver it myself/ }));
    await submit();
    const quantity = screen.getByLabelText(/^Quantity/);
    await waitFor(() =>
      expect(quantity).toHaveAccessibleDescription('Meals and packs are counted in whole numbers.'),
    );
    expect(screen.getByLabelText(/^Destination type/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Please choose a destination.').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByLabelText(/^Quantity/)).toHaveFocus());
    expect(posts(calls)).toHaveLength(0);

    // Fixing a field clears its message as it is corrected.
    await userEvent.clear(screen.getByLabelText(/^Quantity/));
    await userEvent.type(screen.getByLabelText(/^Quantity/), '3');
    await waitFor(() =>
      expect(screen.queryAllByText('Meals and packs are counted in whole numbers.')).toEqual([]),
    );
    expect(quantity).not.toHaveAttribute('aria-invalid');
  });

  it('posts what the schema made of the form, then starts the next donation afresh', async () => {
    const { calls } = renderForm({
      'POST /api/donations': { status: 201, body: { donation: { id: DONATION }, request: null } },
    });
    await fillFood();
    await userEvent.type(screen.getByLabelText(/^Notes/), 'Ring the bell');
    await submit();
    expect(await screen.findByText('Donation created successfully!')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
    const body = posts(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      foodType: 'Dal and 40 rotis',
      cuisine: 'South Indian',
      vegType: 'veg',
      quantity: 40,
      unit: 'meals',
      expiryHours: 6,
      deliveryMethod: 'volunteer',
      notes: 'Ring the bell',
      pickupAddress: '12 MG Road, Bengaluru',
      pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
      holding: 'hot',
      allergens: [],
    });
    expect(body).not.toHaveProperty('destinationType');
    expect(body).not.toHaveProperty('useBy');
    // The food starts afresh; the cook's cuisine and place stay.
    await waitFor(() => expect(screen.getByLabelText(/^Food items/)).toHaveValue(''));
    expect(screen.getByLabelText(/^Quantity/)).toHaveValue(null);
    expect(screen.getByLabelText(/^Cuisine/)).toHaveValue('South Indian');
  });

  it("puts the server's field problems on their fields", async () => {
    renderForm({
      'POST /api/donations': {
        status: 400,
        body: {
          error: 'Invalid input',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'prepDate', code: 'PREP_DATE_INVALID', message: 'bad' }],
        },
      },
    });
    await fillFood();
    await submit();
    const date = screen.getByLabelText(/^Preparation date/);
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(date).toHaveFocus());
  });
});

describe('donation form: choices changed away and back', () => {
  it('offers the chosen type’s receivers, keeps them across a method switch, posts the last choices', async () => {
    const api = renderForm({
      'GET /api/users': usersByRole(() => api),
      'POST /api/donations': {
        status: 201,
        body: { donation: { id: DONATION }, request: { id: 'r1' } },
      },
    });
    await fillFood();
    const veg = screen.getByLabelText(/^Veg or non-veg/);
    await userEvent.selectOptions(veg, 'nonveg');
    await userEvent.selectOptions(veg, 'veg');
    await userEvent.selectOptions(veg, 'mixed');
    expect(veg).toHaveValue('mixed');
    const unit = screen.getByLabelText(/^Unit/);
    await userEvent.selectOptions(unit, 'kg');
    await userEvent.selectOptions(unit, 'meals');
    await userEvent.selectOptions(unit, 'packs');
    expect(unit).toHaveValue('packs');

    // Self delivery: a type, then one of its receivers.
    await userEvent.click(screen.getByRole('radio', { name: /^I deliver it myself/ }));
    expect(destination()).toBeDisabled();
    await userEvent.selectOptions(destinationType(), 'nursery');
    await waitFor(() => expect(destination()).toBeEnabled());
    expect(offered()).toEqual(['Green Nursery']);
    await userEvent.selectOptions(destination(), NURSERY);

    // A volunteer after all, then self delivery again: the choice made is still there.
    await userEvent.click(screen.getByRole('radio', { name: /^A volunteer collects it/ }));
    expect(screen.queryByLabelText(/^Destination type/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /^I deliver it myself/ }));
    expect(destinationType()).toHaveValue('nursery');
    await waitFor(() => expect(destination()).toHaveValue(NURSERY));

    // Another type empties the receiver and offers its own; back again, one is chosen anew.
    await userEvent.selectOptions(destinationType(), 'poultry');
    expect(destination()).toHaveValue('');
    await waitFor(() => expect(offered()).toEqual(['Kaveri Farm']));
    await userEvent.selectOptions(destination(), FARM);
    await userEvent.selectOptions(destinationType(), 'foodbank');
    expect(destination()).toHaveValue('');
    await waitFor(() => expect(offered()).toEqual(['Asha Food Bank']));
    await userEvent.selectOptions(destinationType(), 'nursery');
    expect(destination()).toHaveValue('');
    await waitFor(() => expect(offered()).toEqual(['Green Nursery']));
    await userEvent.selectOptions(destination(), NURSERY);

    await submit();
    expect(await screen.findByText('Donation created successfully!')).toBeInTheDocument();
    expect(posts(api.calls)).toHaveLength(1);
    expect(posts(api.calls)[0]!.body).toEqual({
      foodType: 'Dal and 40 rotis',
      cuisine: 'South Indian',
      vegType: 'mixed',
      quantity: 40,
      unit: 'packs',
      expiryHours: 6,
      prepDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      prepTime: expect.stringMatching(/^\d\d:\d\d$/),
      deliveryMethod: 'self',
      pickupAddress: '12 MG Road, Bengaluru',
      pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
      destinationType: 'nursery',
      destinationUserId: NURSERY,
      holding: 'hot',
      allergens: [],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // The next donation keeps the method, unit and type; the receiver is chosen again.
    await waitFor(() => expect(screen.getByLabelText(/^Food items/)).toHaveValue(''));
    expect(screen.getByRole('radio', { name: /^I deliver it myself/ })).toBeChecked();
    expect(unit).toHaveValue('packs');
    expect(destinationType()).toHaveValue('nursery');
    expect(destination()).toHaveValue('');
  });

  it('drops the destination’s problems when a volunteer is chosen after a failed post', async () => {
    const api = renderForm({
      'GET /api/users': usersByRole(() => api),
      'POST /api/donations': { status: 201, body: { donation: { id: DONATION }, request: null } },
    });
    await fillFood();
    await userEvent.click(screen.getByRole('radio', { name: /^I deliver it myself/ }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a destination.');
    expect(destinationType()).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('radio', { name: /^A volunteer collects it/ }));
    // No destination is asked for now: no message may say one is missing.
    await waitFor(() => expect(screen.queryByText('Please choose a destination.')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    // Self delivery again: the fields the donor never filled say so again.
    await userEvent.click(screen.getByRole('radio', { name: /^I deliver it myself/ }));
    await waitFor(() => expect(destinationType()).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.click(screen.getByRole('radio', { name: /^A volunteer collects it/ }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await submit();
    expect(await screen.findByText('Donation created successfully!')).toBeInTheDocument();
    const body = posts(api.calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ deliveryMethod: 'volunteer', vegType: 'veg', quantity: 40 });
    expect(body).not.toHaveProperty('destinationType');
    expect(body).not.toHaveProperty('destinationUserId');
  });

  it('checks the quantity again when the unit changes after a failed post', async () => {
    const api = renderForm({
      'POST /api/donations': { status: 201, body: { donation: { id: DONATION }, request: null } },
    });
    await fillFood();
    const quantity = screen.getByLabelText(/^Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2.5');
    await submit();
    const notWhole = 'Meals and packs are counted in whole numbers.';
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(notWhole));

    const unit = screen.getByLabelText(/^Unit/);
    await userEvent.selectOptions(unit, 'kg');
    // 2.5 kg is fine: the quantity's message goes as the unit changes.
    await waitFor(() => expect(quantity).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText(notWhole)).toBeNull();
    await userEvent.selectOptions(unit, 'packs');
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(notWhole));
    await userEvent.selectOptions(unit, 'liters');
    await waitFor(() => expect(quantity).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByRole('alert')).toBeNull();

    await submit();
    expect(await screen.findByText('Donation created successfully!')).toBeInTheDocument();
    expect(posts(api.calls)[0]!.body).toMatchObject({ quantity: 2.5, unit: 'liters' });
  });
});
