import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import type * as formSchemas from '../../../lib/form-schemas';
import { LoginForm } from './login-form';

// The form's checks arrive when the test says: a slow link, where they take seconds.
let arrive: () => void = () => undefined;
vi.mock('../../../lib/form-schemas', async (importOriginal) => {
  const real = await importOriginal<typeof formSchemas>();
  return {
    ...real,
    loadFormSchemas: () =>
      new Promise((resolve) => {
        arrive = () => resolve(real.loadFormSchemas());
      }),
  };
});

describe('login on a slow link', () => {
  it('shows the button busy from the tap, ignores a second tap, and sends once the checks arrive', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { status: 401, body: { error: 'No.', code: 'INVALID_CREDENTIALS' } },
    });
    renderWithProviders(<LoginForm onSuccess={() => {}} onForgotPassword={() => {}} />);
    await userEvent.type(screen.getByLabelText(/^Email/), 'asha@example.in');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-1');
    const button = screen.getByRole('button', { name: 'Log in' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(0);

    await act(async () => arrive());
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);
  });
});
