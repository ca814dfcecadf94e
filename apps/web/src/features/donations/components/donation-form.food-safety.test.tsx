import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { DonationForm } from './donation-form';

const DONATION = '00000000-0000-4000-8000-0000000000d1';

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Post donation' }));
const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/donations');
const holding = (name: RegExp) => userEvent.click(screen.getByRole('radio', { name }));
const useByField = () => screen.queryByLabelText(/^Use-by date and time on the pack/);

function renderForm(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(routes);
  const user = makeUser({ role: 'restaurant' });
  renderWithProviders(<DonationForm user={user} />, { user });
  return api;
}

async function fillFood() {
  await userEvent.type(screen.getByLabelText(/^Food items/), 'Biscuit packs');
  await userEvent.selectOptions(screen.getByLabelText(/^Veg or non-veg/), 'veg');
  await userEvent.type(screen.getByLabelText(/^Quantity/), '30');
}

describe('donation form: how the food is kept', () => {
  it('asks how the food is kept before posting, with each rule’s hours from the rule table', async () => {
    const { calls } = renderForm();
    await fillFood();
    expect(screen.getByRole('radio', { name: /^Hot, above 60 °C/ })).toHaveAccessibleName(
      /Safe for 4 hours after cooking/,
    );
    expect(screen.getByRole('radio', { name: /^At room temperature/ })).toHaveAccessibleName(
      /Safe for only 2 hours after cooking/,
    );
    await submit();
    expect(await screen.findAllByText('Please say how the food is kept.')).not.toHaveLength(0);
    expect(posts(calls)).toHaveLength(0);
  });

  it('keeps the use-by field and what is sent in step: packaged, then hot, then packaged again', async () => {
    const { calls } = renderForm({
      'POST /api/donations': { status: 201, body: { donation: { id: DONATION }, request: null } },
    });
    await fillFood();
    expect(useByField()).toBeNull();

    await holding(/^Sealed packaged food/);
    const field = useByField()!;
    await userEvent.type(field, '2026-12-01T18:30');
    expect(field).toHaveValue('2026-12-01T18:30');

    // Hot food has no use-by of its own: the field goes, and nothing of it would be sent.
    await holding(/^Hot, above 60 °C/);
    expect(useByField()).toBeNull();

    // Back to packaged: the field shows the date typed before, and that is what is posted.
    await holding(/^Sealed packaged food/);
    expect(useByField()).toHaveValue('2026-12-01T18:30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Milk' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cereals with gluten' }));
    await submit();
    expect(await screen.findByText('Donation created successfully!')).toBeInTheDocument();
    const body = posts(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      holding: 'packaged',
      useBy: new Date('2026-12-01T18:30').toISOString(),
      allergens: ['gluten', 'milk'],
    });
    // The next donation starts afresh: no holding, no use-by, no allergens.
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /^Sealed packaged food/ })).not.toBeChecked(),
    );
    expect(useByField()).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Milk' })).not.toBeChecked();
  });

  it('posts no use-by when the food ends up hot, and says so when packaged food lacks one', async () => {
    const { calls } = renderForm({
      'POST /api/donations': { status: 201, body: { donation: { id: DONATION }, request: null } },
    });
    await fillFood();
    await holding(/^Sealed packaged food/);
    await submit();
    const field = useByField()!;
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      'Please enter the use-by date and time printed on the pack.',
    );
    expect(posts(calls)).toHaveLength(0);

    await userEvent.type(field, '2026-12-01T18:30');
    await holding(/^Hot, above 60 °C/);
    await submit();
    expect(await screen.findByText('Donation created successfully!')).toBeInTheDocument();
    const body = posts(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ holding: 'hot' });
    expect(body).not.toHaveProperty('useBy');
  });
});
