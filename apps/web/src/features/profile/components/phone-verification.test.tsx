import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { PhoneVerification } from './phone-verification';

type ConfigWindow = Window & {
  __ANNASETU_CONFIG__?: { phoneSignIn?: boolean; sms?: boolean; whatsapp?: boolean };
};

describe('verify this number', () => {
  beforeEach(() => {
    (window as ConfigWindow).__ANNASETU_CONFIG__ = { phoneSignIn: true };
  });
  afterEach(() => {
    delete (window as ConfigWindow).__ANNASETU_CONFIG__;
  });

  it('texts a code to the saved number and proves it', async () => {
    const user = makeUser({ phone: '+919876543210', phoneVerified: false });
    const { calls } = mockApi({
      'POST /api/me/phone/code': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
      'POST /api/me/phone/verify': { body: { user: { ...user, phoneVerified: true } } },
    });
    renderWithProviders(<PhoneVerification user={user} />, { user });
    expect(screen.getByText(/\+919876543210 is not verified yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify this number' }));
    await userEvent.type(await screen.findByLabelText(/^6-digit code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your number is verified.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/me/phone/verify')?.body).toEqual({ code: '123456' });
  });

  it('says the code comes on WhatsApp, reads a pasted code by its digits, and asks again after the number changed', async () => {
    (window as ConfigWindow).__ANNASETU_CONFIG__ = {
      phoneSignIn: true,
      sms: false,
      whatsapp: true,
    };
    const user = makeUser({ phone: '+919876543210', phoneVerified: false });
    const { calls } = mockApi({
      'POST /api/me/phone/code': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
      'POST /api/me/phone/verify': { body: { user: { ...user, phoneVerified: true } } },
    });
    // The profile saves a new number while the code panel is open.
    function Profile() {
      const [shown, setShown] = useState(user);
      return (
        <>
          <button type="button" onClick={() => setShown({ ...user, phone: '+919876543211' })}>
            save new number
          </button>
          <PhoneVerification user={shown} />
        </>
      );
    }
    renderWithProviders(<Profile />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Verify this number' }));
    expect(
      await screen.findByText(/code is on its way to \+919876543210 on WhatsApp/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/^6-digit code/));
    await userEvent.paste('096 106');
    expect(screen.getByLabelText(/^6-digit code/)).toHaveValue('096106');
    // A second code is said to replace the first.
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/Only the newest code works/)).toBeInTheDocument();

    // The number is changed and saved: the code sent to the old one is no longer asked for.
    await userEvent.click(screen.getByRole('button', { name: 'save new number' }));
    expect(screen.queryByLabelText(/^6-digit code/)).toBeNull();
    expect(screen.getByText(/\+919876543211 is not verified yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify this number' }));
    await userEvent.type(await screen.findByLabelText(/^6-digit code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your number is verified.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/me/phone/code')).toHaveLength(3);
  });

  it('asks for one code when "Verify this number" is tapped twice at once', async () => {
    const user = makeUser({ phone: '+919876543210', phoneVerified: false });
    const { calls } = mockApi({
      'POST /api/me/phone/code': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
    });
    renderWithProviders(<PhoneVerification user={user} />, { user });
    const ask = screen.getByRole('button', { name: 'Verify this number' });
    act(() => {
      ask.click();
      ask.click();
    });
    await screen.findByLabelText(/^6-digit code/);
    expect(calls.filter((c) => c.url === '/api/me/phone/code')).toHaveLength(1);
  });

  it('shows a refusal by its code', async () => {
    const user = makeUser({ phoneVerified: false });
    mockApi({
      'POST /api/me/phone/code': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
      'POST /api/me/phone/verify': {
        status: 409,
        body: { error: 'taken', code: 'PHONE_TAKEN' },
      },
    });
    renderWithProviders(<PhoneVerification user={user} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Verify this number' }));
    await userEvent.type(await screen.findByLabelText(/^6-digit code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('This number is already verified on another account.'),
    ).toBeInTheDocument();
  });

  it('is not shown when the server sends no SMS', () => {
    delete (window as ConfigWindow).__ANNASETU_CONFIG__;
    mockApi({});
    renderWithProviders(<PhoneVerification user={makeUser({ phoneVerified: false })} />);
    expect(screen.queryByText(/is not verified yet/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify this number' })).toBeNull();
  });
});
