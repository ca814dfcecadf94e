import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationPreferences, UserProfile } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { NotificationPreferencesSettings } from './notification-preferences';

const PREFERENCES = '/api/notifications/preferences';

function renderPreferences(preferences: NotificationPreferences, user?: UserProfile) {
  const api = mockApi({
    [`GET ${PREFERENCES}`]: { body: { preferences } },
    [`PUT ${PREFERENCES}`]: () => ({ body: { preferences: api.calls.at(-1)!.body } }),
  });
  renderWithProviders(<NotificationPreferencesSettings />, user === undefined ? {} : { user });
  return api;
}

const puts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.url === PREFERENCES);
/** One channel's box under one kind of notification (its legend). */
const channel = (type: string, name: string) =>
  within(screen.getByRole('group', { name: type })).getByRole('checkbox', { name });
const quiet = () =>
  screen.getByRole('checkbox', { name: 'Hold push and email during quiet hours' });
const save = () =>
  userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));

/** The channels turned off per type, the types with none off left out. */
function offLists(body: unknown) {
  const { off } = body as { off: Record<string, string[]> };
  return Object.fromEntries(Object.entries(off).filter(([, list]) => list.length));
}

describe('notification preferences', () => {
  it('sends the channels and quiet hours as last shown after turning them away and back', async () => {
    const { calls } = renderPreferences({
      off: { coverage_alert: ['push'] },
      on: {},
      quietHours: null,
      timeZone: 'Asia/Kolkata',
    });
    const nearbyPush = await screen.findByRole('group', {
      name: 'Food nearby that needs a volunteer',
    });
    expect(within(nearbyPush).getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
    expect(within(nearbyPush).getByRole('checkbox', { name: 'Email' })).toBeChecked();

    // Off push on and off again; email off and on again; a third channel turned off.
    const push = channel('Food nearby that needs a volunteer', 'Push');
    await userEvent.click(push);
    expect(push).toBeChecked();
    await userEvent.click(push);
    const requestsEmail = channel('New requests for my food', 'Email');
    await userEvent.click(requestsEmail);
    await userEvent.click(requestsEmail);
    await userEvent.click(channel('Recurring donations posted', 'In the app'));

    // Quiet hours: the times show only while held; a time changed survives turning them off.
    expect(screen.queryByLabelText(/^From/)).toBeNull();
    await userEvent.click(quiet());
    expect(screen.getByLabelText(/^From/)).toHaveValue('22:00');
    expect(screen.getByLabelText(/^Until/)).toHaveValue('07:00');
    await userEvent.clear(screen.getByLabelText(/^From/));
    await userEvent.type(screen.getByLabelText(/^From/), '23:30');
    await userEvent.click(quiet());
    expect(screen.queryByLabelText(/^From/)).toBeNull();
    await userEvent.click(quiet());
    expect(screen.getByLabelText(/^From/)).toHaveValue('23:30');

    await save();
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    const body = puts(calls)[0]!.body;
    expect(offLists(body)).toEqual({ coverage_alert: ['push'], series_posted: ['inApp'] });
    expect(body).toMatchObject({
      quietHours: { from: '23:30', to: '07:00' },
      // No quiet hours were kept before: they are read on the browser's clock.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(Object.keys(body as object).sort()).toEqual(['off', 'on', 'quietHours', 'timeZone']);
    // No SMS where the server sends none.
    expect(screen.queryByRole('checkbox', { name: 'SMS' })).toBeNull();
    // What is shown is what was saved.
    expect(push).not.toBeChecked();
    expect(requestsEmail).toBeChecked();
    expect(channel('Recurring donations posted', 'In the app')).not.toBeChecked();
  });

  it('turning quiet hours off sends none, and keeps the saved time zone', async () => {
    const { calls } = renderPreferences({
      off: {},
      on: {},
      quietHours: { from: '21:00', to: '06:00' },
      timeZone: 'Asia/Kolkata',
    });
    await screen.findByRole('group', { name: 'Requests accepted' });
    expect(quiet()).toBeChecked();
    expect(screen.getByLabelText(/^From/)).toHaveValue('21:00');
    await userEvent.click(quiet());
    expect(screen.queryByLabelText(/^From/)).toBeNull();
    await save();
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(puts(calls)[0]!.body).toEqual({
      off: {},
      on: {},
      quietHours: null,
      timeZone: 'Asia/Kolkata',
    });
    expect(quiet()).not.toBeChecked();
  });

  it('asks each person only about the kinds that can reach them', async () => {
    const preferences = { off: {}, on: {}, quietHours: null, timeZone: 'Asia/Kolkata' };
    const legends = () =>
      screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent);
    renderPreferences(preferences, makeUser({ role: 'volunteer' }));
    await screen.findByRole('group', { name: 'Food nearby that needs a volunteer' });
    expect(legends()).not.toContain('New requests for my food');
    expect(legends()).not.toContain('Volunteer on the way');
    expect(legends()).toContain('Deliveries completed');
  });

  it('shows a donor who also asks for food (an individual) both sides, and no volunteer alert', async () => {
    renderPreferences(
      { off: {}, on: {}, quietHours: null, timeZone: 'Asia/Kolkata' },
      makeUser({ role: 'individual' }),
    );
    await screen.findByRole('group', { name: 'New requests for my food' });
    expect(screen.getByRole('group', { name: 'Requests accepted' })).toBeInTheDocument();
    expect(
      screen.queryByRole('group', { name: 'Food nearby that needs a volunteer' }),
    ).not.toBeInTheDocument();
  });

  describe('SMS, where the server sends it', () => {
    type ConfigWindow = Window & {
      __ANNASETU_CONFIG__?: { phoneSignIn?: boolean; sms?: boolean; whatsapp?: boolean };
    };
    afterEach(() => {
      delete (window as ConfigWindow).__ANNASETU_CONFIG__;
    });
    const none = { off: {}, on: {}, quietHours: null, timeZone: 'Asia/Kolkata' };

    it('turns SMS on for one kind, away and back for another, and sends what is shown', async () => {
      (window as ConfigWindow).__ANNASETU_CONFIG__ = { phoneSignIn: true };
      const { calls } = renderPreferences(
        { ...none, on: { pickup_reminder: ['sms'] } },
        makeUser({ role: 'volunteer', phoneVerified: true }),
      );
      const nearby = await screen.findByRole('group', {
        name: 'Food nearby that needs a volunteer',
      });
      const nearbySms = within(nearby).getByRole('checkbox', { name: 'SMS' });
      expect(nearbySms).not.toBeChecked();
      await userEvent.click(nearbySms);
      const reminderSms = channel('Reminders to collect a pickup', 'SMS');
      expect(reminderSms).toBeChecked();
      await userEvent.click(reminderSms);
      await userEvent.click(reminderSms);
      await save();
      expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
      const body = puts(calls)[0]!.body as { on: Record<string, string[]> };
      expect(body.on).toEqual({ coverage_alert: ['sms'], pickup_reminder: ['sms'] });
      expect(screen.getByText(/Alerts cost you nothing/)).toBeInTheDocument();
      // Quiet hours hold SMS too, and say so only where SMS is sent.
      expect(
        screen.getByRole('checkbox', { name: 'Hold push, email and SMS during quiet hours' }),
      ).toBeInTheDocument();
    });

    it('asks for a verified number before offering SMS', async () => {
      (window as ConfigWindow).__ANNASETU_CONFIG__ = { phoneSignIn: true };
      renderPreferences(none, makeUser({ role: 'volunteer', phoneVerified: false }));
      await screen.findByRole('group', { name: 'Food nearby that needs a volunteer' });
      expect(screen.queryByRole('checkbox', { name: 'SMS' })).toBeNull();
      expect(screen.getByText(/first verify your phone number/)).toBeInTheDocument();
    });

    it('offers WhatsApp beside SMS, each on its own, and both held in quiet hours', async () => {
      (window as ConfigWindow).__ANNASETU_CONFIG__ = { phoneSignIn: true, whatsapp: true };
      const { calls } = renderPreferences(
        { ...none, on: { coverage_alert: ['sms'] } },
        makeUser({ role: 'volunteer', phoneVerified: true }),
      );
      await screen.findByRole('group', { name: 'Food nearby that needs a volunteer' });
      const nearbyWhatsApp = channel('Food nearby that needs a volunteer', 'WhatsApp');
      const nearbySms = channel('Food nearby that needs a volunteer', 'SMS');
      expect(nearbySms).toBeChecked();
      expect(nearbyWhatsApp).not.toBeChecked();
      // WhatsApp on, SMS off and on again, WhatsApp for reminders on and off again.
      await userEvent.click(nearbyWhatsApp);
      await userEvent.click(nearbySms);
      await userEvent.click(nearbySms);
      const reminderWhatsApp = channel('Reminders to collect a pickup', 'WhatsApp');
      await userEvent.click(reminderWhatsApp);
      await userEvent.click(reminderWhatsApp);
      await save();
      expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
      const body = puts(calls)[0]!.body as { on: Record<string, string[]> };
      expect(body.on.coverage_alert?.sort()).toEqual(['sms', 'whatsapp']);
      expect(body.on.pickup_reminder ?? []).toEqual([]);
      expect(screen.getByText(/can be answered with a button/)).toBeInTheDocument();
      expect(
        screen.getByRole('checkbox', {
          name: 'Hold push, email and phone messages during quiet hours',
        }),
      ).toBeInTheDocument();
    });

    it('offers WhatsApp without SMS, after the number is verified', async () => {
      // A server with WhatsApp and no SMSC: codes go by WhatsApp, so phone sign-in is on.
      (window as ConfigWindow).__ANNASETU_CONFIG__ = {
        phoneSignIn: true,
        sms: false,
        whatsapp: true,
      };
      renderPreferences(none, makeUser({ role: 'volunteer', phoneVerified: false }));
      await screen.findByRole('group', { name: 'Food nearby that needs a volunteer' });
      expect(screen.queryByRole('checkbox', { name: 'WhatsApp' })).toBeNull();
      expect(screen.queryByText(/Alerts cost you nothing/)).toBeNull();
      // This server has no SMS: neither the hint nor quiet hours name it.
      expect(screen.getByText(/To get alerts on WhatsApp, first verify/)).toBeInTheDocument();
      expect(screen.getByText(/push, email and WhatsApp messages are sent/)).toBeInTheDocument();
      expect(screen.queryByText(/SMS/)).toBeNull();
      cleanup();

      renderPreferences(none, makeUser({ role: 'volunteer', phoneVerified: true }));
      await screen.findByRole('group', { name: 'Food nearby that needs a volunteer' });
      expect(channel('Food nearby that needs a volunteer', 'WhatsApp')).not.toBeChecked();
      expect(screen.queryByRole('checkbox', { name: 'SMS' })).toBeNull();
    });
  });
});
