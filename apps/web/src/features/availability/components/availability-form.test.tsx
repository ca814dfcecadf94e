import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Availability } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { AvailabilitySettings } from './availability-form';

const SAVED: Availability = {
  weekdays: ['MO', 'WE'],
  fromTime: '09:00',
  toTime: '12:00',
  timeZone: 'Asia/Kolkata',
  home: null,
  radiusKm: 5,
  maxPickupsPerDay: 3,
  pickupsToday: 1,
};

/** The server: answers with what was last saved, as a refetch after saving would. */
function renderSettings() {
  let current: Availability = SAVED;
  const api = mockApi({
    'GET /api/availability': () => ({ body: { availability: current } }),
    'PUT /api/availability': () => {
      const body = api.calls.at(-1)!.body as Omit<Availability, 'home' | 'pickupsToday'>;
      current = { ...current, ...body };
      return { body: { availability: current } };
    },
  });
  renderWithProviders(<AvailabilitySettings />);
  return api;
}

const puts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.url === '/api/availability');
const day = (name: string) =>
  within(screen.getByRole('group', { name: 'Days' })).getByRole('checkbox', { name });
const ticked = () =>
  within(screen.getByRole('group', { name: 'Days' }))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).value);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save availability' }));

async function retype(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('availability', () => {
  it('keeps the days, hours and cap shown in step with what is saved after changes back and forth', async () => {
    const { calls } = renderSettings();
    expect(await screen.findByText('Pickups today: 1 of 3')).toBeInTheDocument();
    expect(ticked()).toEqual(['MO', 'WE']);

    // A day on and off again, one taken away and back, a third one added.
    await userEvent.click(day('Tue'));
    await userEvent.click(day('Tue'));
    await userEvent.click(day('Mon'));
    expect(day('Mon')).not.toBeChecked();
    await userEvent.click(day('Mon'));
    await userEvent.click(day('Sat'));
    expect(ticked()).toEqual(['MO', 'WE', 'SA']);

    // Hours that end before they start are refused and nothing is sent...
    await retype(/^Until/, '08:00');
    await save();
    const hours = 'Please enter valid hours: the end must be after the start.';
    await waitFor(() => expect(screen.getByLabelText(/^Until/)).toHaveAccessibleDescription(hours));
    expect(puts(calls)).toHaveLength(0);
    // ...then put right, with the start moved too.
    await retype(/^Until/, '13:30');
    await retype(/^From/, '10:00');
    // No limit, then a limit again.
    await retype(/^Most pickups per day/, '');
    await retype(/^Most pickups per day/, '4');
    await retype(/^Distance from home/, '7.5');
    await save();

    expect(await screen.findByText('Availability saved')).toBeInTheDocument();
    expect(screen.queryByText(hours)).toBeNull();
    expect(puts(calls)).toHaveLength(1);
    const body = puts(calls)[0]!.body as { weekdays: string[] };
    expect(body).toEqual({
      weekdays: expect.arrayContaining(['MO', 'WE', 'SA']),
      fromTime: '10:00',
      toTime: '13:30',
      timeZone: 'Asia/Kolkata',
      radiusKm: 7.5,
      maxPickupsPerDay: 4,
    });
    expect(body.weekdays).toHaveLength(3);
    // The count follows the saved cap; the form shows what was saved.
    expect(await screen.findByText('Pickups today: 1 of 4')).toBeInTheDocument();
    expect(ticked()).toEqual(['MO', 'WE', 'SA']);
    expect(screen.getByLabelText(/^From/)).toHaveValue('10:00');
    expect(screen.getByLabelText(/^Until/)).toHaveValue('13:30');
  });

  it('sends no cap when the field is emptied, and stops showing the count', async () => {
    const { calls } = renderSettings();
    await screen.findByText('Pickups today: 1 of 3');
    await retype(/^Most pickups per day/, '');
    await save();
    expect(await screen.findByText('Availability saved')).toBeInTheDocument();
    expect(puts(calls)[0]!.body).toEqual({
      weekdays: ['MO', 'WE'],
      fromTime: '09:00',
      toTime: '12:00',
      timeZone: 'Asia/Kolkata',
      radiusKm: 5,
      maxPickupsPerDay: null,
    });
    await waitFor(() => expect(screen.queryByText(/^Pickups today/)).toBeNull());
    expect(screen.getByLabelText(/^Most pickups per day/)).toHaveValue(null);
  });
});
