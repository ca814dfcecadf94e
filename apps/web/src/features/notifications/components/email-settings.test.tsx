import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { useSession } from '../../../lib/session';
import { EmailSettings } from './email-settings';

/** The pages' part: the signed-in user, as the session has it after each save. */
function Harness() {
  const { user } = useSession();
  return user ? <EmailSettings user={user} /> : null;
}

describe('email settings', () => {
  it('shows and saves the switch as last set when turned on, off and on again', async () => {
    const user = makeUser({ emailNotifications: false });
    const api = mockApi({
      'PATCH /api/me': () => ({
        body: { user: { ...user, ...(api.calls.at(-1)!.body as object) } },
      }),
    });
    renderWithProviders(<Harness />, { user });
    const box = screen.getByRole('checkbox', { name: 'Also send me every notification by email' });
    expect(box).not.toBeChecked();
    // The line read out with the switch says what it means.
    expect(box).toHaveAccessibleDescription(/^Off:/);

    await userEvent.click(box);
    expect(await screen.findByText('Email notifications turned on')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/^On: .* emailed to asha@example.in/);
    await userEvent.click(box);
    expect(await screen.findByText('Email notifications turned off')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/^Off:/);
    await userEvent.click(box);
    await waitFor(() => expect(api.calls).toHaveLength(3));
    await waitFor(() => expect(box).toHaveAccessibleDescription(/^On:/));
    expect(box).toBeChecked();

    expect(api.calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['PATCH', '/api/me', { emailNotifications: true }],
      ['PATCH', '/api/me', { emailNotifications: false }],
      ['PATCH', '/api/me', { emailNotifications: true }],
    ]);
  });
});
