import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { DonationForm } from './donation-form';

const BANK = '00000000-0000-4000-8000-0000000000b1';
const DONATION = '00000000-0000-4000-8000-0000000000d1';

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
    });
    expect(body).not.toHaveProperty('destinationType');
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
