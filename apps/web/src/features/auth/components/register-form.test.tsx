import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render';

async function fillCommon() {
  await userEvent.type(await screen.findByLabelText(/^Full name/), 'Asha Verma');
  await userEvent.type(screen.getByLabelText(/^Email/), 'asha@example.in');
  await userEvent.type(screen.getByLabelText(/^Phone number/), '+91 98765 43210');
  await userEvent.type(screen.getByLabelText(/^Address/), '12 MG Road');
}

/**
 * A volunteer's sign-up sent with no signal (its account already exists on the server: the
 * answer was lost); `signalBack` lets calls through again.
 */
async function signUpWithTheAnswerLost() {
  const { calls } = mockApi({
    'POST /api/auth/register': {
      status: 409,
      body: { error: 'An account with this email already exists', code: 'EMAIL_TAKEN' },
    },
    'POST /api/auth/login': { body: { user: makeUser({ role: 'volunteer' }) } },
  });
  const answer = window.fetch;
  let signal = false;
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
    signal ? answer(...args) : Promise.reject(new TypeError('Failed to fetch')),
  );
  renderApp({ route: '/register?role=volunteer', user: null });
  await fillCommon();
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret-12');
  await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret-12');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  await screen.findAllByText(/Could not reach AnnaSetu/);
  return { calls, signalBack: () => (signal = true) };
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

  it('signs in to the account a sign-up with a lost answer created, once the signal is back', async () => {
    const { calls, signalBack } = await signUpWithTheAnswerLost();
    // Nothing to correct: the connection is not the person's mistake.
    expect(screen.queryByText('Please correct the following:')).not.toBeInTheDocument();
    signalBack();
    window.dispatchEvent(new Event('online'));
    // Two calls and a page change: more than a query's default second on a busy machine.
    expect(
      await screen.findByText('Account created successfully!', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'), {
      timeout: 10_000,
    });
    expect(calls.find((c) => c.url === '/api/auth/login')?.body).toEqual({
      email: 'asha@example.in',
      password: 'secret-12',
    });
    vi.unstubAllGlobals();
  });

  it('after a lost answer, a form sent again with a change is another sign-up: the email stays taken', async () => {
    const { calls, signalBack } = await signUpWithTheAnswerLost();
    signalBack();
    await userEvent.type(screen.getByLabelText(/^Full name/), ' Rao');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findAllByText(
      'An account with this email already exists',
      {},
      { timeout: 10_000 },
    );
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    vi.unstubAllGlobals();
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

describe('register: the role changed away and back', () => {
  beforeAll(() => import('../../../app/routes/register'), 60_000);

  const role = (name: RegExp) => screen.getByRole('radio', { name });
  const cuisine = () => screen.queryByLabelText(/^Cuisine type/);
  const capacity = () => screen.queryByLabelText(/^Storage capacity/);
  const description = () => screen.getByLabelText(/^Description/);
  const registered = (calls: { url: string; body: unknown }[]) =>
    calls.filter((c) => c.url === '/api/auth/register').map((c) => c.body);

  async function fillPasswords() {
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-12');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret-12');
  }

  /** A restaurant's own fields filled, then volunteer (none of them) and nursery (capacity only). */
  async function fillRestaurantThenWander() {
    renderApp({ route: '/register', user: null });
    await fillCommon();
    await userEvent.type(screen.getByLabelText(/^Organization name/), 'Asha Kitchen');
    await userEvent.type(cuisine()!, 'Andhra');
    await userEvent.selectOptions(capacity()!, 'high');
    await fillPasswords();

    await userEvent.click(role(/Volunteer/));
    expect(cuisine()).toBeNull();
    expect(capacity()).toBeNull();
    expect(description()).toHaveAccessibleDescription(/the areas you can cover/);
    await userEvent.click(role(/Nursery/));
    expect(cuisine()).toBeNull();
    expect(capacity()).toHaveValue('high');
    await userEvent.click(role(/Individual/));
    expect(screen.getByLabelText(/^Organization or household name/)).toHaveValue('Asha Kitchen');
  }

  it('back to the restaurant: its fields show what was typed and are sent', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { user: makeUser({ role: 'restaurant' }) } },
    });
    await fillRestaurantThenWander();
    await userEvent.click(role(/Restaurant/));
    expect(role(/Restaurant/)).toBeChecked();
    expect(cuisine()).toHaveValue('Andhra');
    expect(capacity()).toHaveValue('high');
    expect(screen.getByLabelText(/^Organization name/)).toHaveValue('Asha Kitchen');
    expect(description()).toHaveAccessibleDescription(/the dishes you usually have left over/);

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(registered(calls)).toEqual([
      {
        role: 'restaurant',
        name: 'Asha Verma',
        email: 'asha@example.in',
        phone: '+91 98765 43210',
        address: '12 MG Road',
        organizationName: 'Asha Kitchen',
        cuisine: 'Andhra',
        capacity: 'high',
        description: '',
        password: 'secret-12',
        confirmPassword: 'secret-12',
        language: 'en',
      },
    ]);
  });

  it('ending as a volunteer: the hidden kitchen fields are not sent', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { user: makeUser({ role: 'volunteer' }) } },
    });
    await fillRestaurantThenWander();
    await userEvent.click(role(/Volunteer/));
    expect(cuisine()).toBeNull();
    expect(capacity()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    const [body] = registered(calls);
    expect(body).toMatchObject({ role: 'volunteer', organizationName: 'Asha Kitchen' });
    expect(body).not.toHaveProperty('cuisine');
    expect(body).not.toHaveProperty('capacity');
  });

  it('after a failed try, a role that needs no organisation drops its message', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { user: makeUser({ role: 'mess' }) } },
    });
    renderApp({ route: '/register', user: null });
    await fillCommon();
    await fillPasswords();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const required = 'Organization name is required for this role';
    expect(await screen.findByRole('alert')).toHaveTextContent(required);

    // A mess needs no organisation name: nothing may say it is missing.
    await userEvent.click(role(/Mess/));
    await waitFor(() => expect(screen.queryByText(required)).toBeNull());
    expect(screen.getByLabelText(/^Organization name/)).not.toHaveAttribute('aria-invalid');
    // A food bank needs one again, and says so; a mess once more does not.
    await userEvent.click(role(/Food Bank/));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Organization name/)).toHaveAttribute('aria-invalid', 'true'),
    );
    await userEvent.click(role(/Mess/));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(registered(calls)[0]).toMatchObject({
      role: 'mess',
      organizationName: '',
      capacity: 'medium',
      cuisine: '',
    });
  });
});
