import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render';

async function fillCommon() {
  await userEvent.type(await screen.findByLabelText(/^Full name/), 'Asha Verma');
  await userEvent.type(screen.getByLabelText(/^Email/), 'asha@example.in');
  await userEvent.type(screen.getByLabelText(/^Phone number/), '+91 98765 43210');
  await userEvent.type(screen.getByLabelText(/^Address/), '12 MG Road');
}

describe('register', () => {
  // The page's code is compiled on its first import, which on a busy machine takes longer than a
  // query waits for the page: it is loaded once before the tests, which then wait for the page.
  beforeAll(() => import('../../../app/routes/register'), 60_000);

  it('offers seven role cards with the seed descriptions', async () => {
    mockApi({});
    renderApp({ route: '/register', user: null });
    const group = await screen.findByRole('group', { name: 'I am joining as' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(7);
    expect(within(group).getByRole('radio', { name: /Restaurant/ })).toBeChecked();
    for (const text of [
      'Donate excess food',
      'Receive food donations',
      'Donate or request food',
      'Help with logistics',
      'Receive food for plants',
      'Receive food for poultry',
      'Donate surplus meals',
    ]) {
      expect(within(group).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('At least 6 characters.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('{{');
  });

  it('shows the fields that apply to the chosen role', async () => {
    mockApi({});
    renderApp({ route: '/register?role=volunteer', user: null });
    expect(await screen.findByRole('radio', { name: /Volunteer/ })).toBeChecked();
    expect(screen.queryByLabelText(/^Cuisine type/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Storage capacity/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Restaurant/ }));
    expect(screen.getByLabelText(/^Cuisine type/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Storage capacity/)).toHaveValue('medium');
  });

  it("shows the seed's validation messages", async () => {
    const { calls } = mockApi({});
    renderApp({ route: '/register', user: null });
    await fillCommon();
    await userEvent.type(screen.getByLabelText(/^Password/), 'abc');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Password must be at least 6 characters long');
    expect(alert).toHaveTextContent('Passwords do not match');
    expect(alert).toHaveTextContent('Organization name is required for this role');
    // The first field with a problem, in the page's order, has focus and names its problem.
    const organization = screen.getByLabelText(/^Organization name/);
    await waitFor(() => expect(organization).toHaveFocus());
    expect(organization).toHaveAttribute('aria-invalid', 'true');
    expect(organization).toHaveAccessibleDescription('Organization name is required for this role');
    expect(calls.filter((c) => c.url === '/api/auth/register')).toHaveLength(0);
  });

  it('creates the account, toasts and goes to the dashboard', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { user: makeUser({ role: 'foodbank' }) } },
    });
    renderApp({ route: '/register?role=foodbank', user: null });
    await fillCommon();
    await userEvent.type(screen.getByLabelText(/^Organization name/), 'Roti Bank');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-12');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret-12');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    const body = calls.find((c) => c.url === '/api/auth/register')?.body;
    expect(body).toMatchObject({
      role: 'foodbank',
      organizationName: 'Roti Bank',
      capacity: 'medium',
      language: 'en',
    });
    expect(body).not.toHaveProperty('cuisine');
    expect(body).not.toHaveProperty('coordinates');
  });

  it('puts a taken email next to the email field', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 409,
        body: { error: 'An account with this email already exists', code: 'EMAIL_TAKEN' },
      },
    });
    renderApp({ route: '/register?role=volunteer', user: null });
    await fillCommon();
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-12');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret-12');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText(/^Email/);
    await screen.findAllByText('An account with this email already exists');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An account with this email already exists');
  });
});
