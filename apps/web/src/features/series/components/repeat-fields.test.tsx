import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, type SeriesTemplateInput } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { timeZoneLabel, useRepeatSlot } from './repeat-fields';
import { createStaticI18n } from '../../../lib/i18n';
import { readCatalogues } from '../../../testing/catalogues';

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

/** The food the donation form hands over, as typed (the schema trims and fills defaults). */
const TEMPLATE: SeriesTemplateInput = {
  cuisine: 'South Indian',
  foodType: ' Dal and 40 rotis ',
  vegType: 'veg',
  quantity: 40,
  unit: 'meals',
  expiryHours: 6,
  notes: '',
  pickupAddress: '12 MG Road, Bengaluru',
  pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
  holding: 'room',
  allergens: ['peanuts', 'peanuts'],
};
const SAVED_TEMPLATE = {
  cuisine: 'South Indian',
  foodType: 'Dal and 40 rotis',
  vegType: 'veg',
  quantity: 40,
  unit: 'meals',
  expiryHours: 6,
  pickupAddress: '12 MG Road, Bengaluru',
  pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
  holding: 'room',
  allergens: ['peanuts'],
};

/** The donation form's part: shows the repeat controls and saves its food with them. */
function Harness() {
  const repeat = useRepeatSlot();
  const [result, setResult] = useState('');
  return (
    <>
      {repeat.fields}
      <output data-testid="repeating">{String(repeat.repeating)}</output>
      <button
        type="button"
        onClick={() =>
          void repeat.save(TEMPLATE).then((problems) => setResult(JSON.stringify(problems)))
        }
      >
        save
      </button>
      <output data-testid="result">{result}</output>
    </>
  );
}

function renderRepeat() {
  const api = mockApi({ 'POST /api/series': { status: 201, body: { series: {} } } });
  renderWithProviders(<Harness />);
  return api;
}

const sent = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/series').map((c) => c.body);
const often = () => screen.getByLabelText(/^How often/);
const days = () => screen.queryByRole('group', { name: 'On these days' });
const day = (name: string) => within(days()!).getByRole('checkbox', { name });
const ticked = () =>
  within(days()!)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).value);
const rule = () => screen.queryByLabelText(/^Repeat rule/);
const time = () => screen.queryByLabelText(/^Time to post/);
const save = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'save' }));
  // The text, not the element: Preact keeps an empty text node where React draws nothing, so an
  // "empty element" check passed at once and the save's answer arrived in the next test.
  await waitFor(() => expect(screen.getByTestId('result').textContent).not.toBe(''));
};

describe('repeat option', () => {
  it('shows each frequency’s own controls, keeps them across changes and saves the last one', async () => {
    const { calls } = renderRepeat();
    expect(often()).toHaveValue('once');
    expect(time()).toBeNull();
    expect(screen.getByTestId('repeating')).toHaveTextContent('false');

    await userEvent.selectOptions(often(), 'weekdays');
    expect(screen.getByTestId('repeating')).toHaveTextContent('true');
    expect(ticked()).toEqual(['MO', 'TU', 'WE', 'TH', 'FR']);
    await userEvent.click(day('Fri'));
    await userEvent.click(day('Sat'));
    await userEvent.clear(time()!);
    await userEvent.type(time()!, '07:30');

    // A rule, every day, then the chosen days again: the days and the time are as left.
    await userEvent.selectOptions(often(), 'rrule');
    expect(days()).toBeNull();
    expect(rule()).toHaveValue('FREQ=WEEKLY;BYDAY=MO,WE,FR');
    await userEvent.selectOptions(often(), 'daily');
    expect(rule()).toBeNull();
    expect(days()).toBeNull();
    expect(time()).toHaveValue('07:30');
    await userEvent.selectOptions(often(), 'weekdays');
    expect(ticked()).toEqual(['MO', 'TU', 'WE', 'TH', 'SA']);
    expect(time()).toHaveValue('07:30');

    await save();
    expect(screen.getByTestId('result')).toHaveTextContent('null');
    expect(sent(calls)).toEqual([
      {
        template: SAVED_TEMPLATE,
        schedule: {
          frequency: 'weekdays',
          weekdays: ['MO', 'TU', 'WE', 'TH', 'SA'],
          timeOfDay: '07:30',
          timeZone: ZONE,
        },
      },
    ]);
  });

  it('saves the rule when the rule is the last choice, and no days with it', async () => {
    const { calls } = renderRepeat();
    await userEvent.selectOptions(often(), 'rrule');
    await userEvent.clear(rule()!);
    await userEvent.type(rule()!, 'FREQ=MONTHLY;BYMONTHDAY=1,15');
    await userEvent.selectOptions(often(), 'weekdays');
    await userEvent.selectOptions(often(), 'rrule');
    expect(rule()).toHaveValue('FREQ=MONTHLY;BYMONTHDAY=1,15');
    await save();
    expect((sent(calls)[0] as { schedule: unknown }).schedule).toEqual({
      frequency: 'rrule',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1,15',
      timeOfDay: '21:00',
      timeZone: ZONE,
    });
  });

  it('a schedule problem goes with the frequency, and the days come back as left', async () => {
    const { calls } = renderRepeat();
    await userEvent.selectOptions(often(), 'weekdays');
    for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await userEvent.click(day(name));
    await save();
    const noDays = 'Please choose at least one day of the week.';
    expect(screen.getByText(noDays)).toBeInTheDocument();
    // The food was fine: only the schedule stopped it.
    expect(screen.getByTestId('result')).toHaveTextContent('{}');
    expect(sent(calls)).toEqual([]);

    await userEvent.selectOptions(often(), 'daily');
    expect(screen.queryByText(noDays)).toBeNull();
    await userEvent.selectOptions(often(), 'weekdays');
    expect(ticked()).toEqual([]);
    expect(screen.queryByText(noDays)).toBeNull();
    await userEvent.click(day('Sun'));
    await save();
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(screen.queryByText(noDays)).toBeNull();
    expect((sent(calls)[0] as { schedule: unknown }).schedule).toEqual({
      frequency: 'weekdays',
      weekdays: ['SU'],
      timeOfDay: '21:00',
      timeZone: ZONE,
    });
  });

  it('saves nothing when set back to once', async () => {
    const { calls } = renderRepeat();
    await userEvent.selectOptions(often(), 'daily');
    await userEvent.selectOptions(often(), 'once');
    expect(time()).toBeNull();
    expect(screen.getByTestId('repeating')).toHaveTextContent('false');
    await save();
    expect(screen.getByTestId('result')).toHaveTextContent('{}');
    expect(sent(calls)).toEqual([]);
  });
});

describe('timeZoneLabel', () => {
  const catalogueI18n = () =>
    createStaticI18n(
      Object.fromEntries(
        Object.entries(readCatalogues()).map(([lang, translation]) => [lang, { translation }]),
      ),
    );

  it("names India's zone in the reader's language under either id, never as the id", () => {
    const i18n = catalogueI18n();
    const hindi = i18n.getFixedT('hi');
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta']) {
      expect(timeZoneLabel(zone, i18n.getFixedT('en'), 'en')).toBe('India Standard Time');
      expect(timeZoneLabel(zone, hindi, 'hi')).toBe('भारतीय मानक समय');
    }
  });

  it('names other zones as the browser does, and keeps an unknown id as it is', () => {
    const t = catalogueI18n().getFixedT('en');
    expect(timeZoneLabel('Europe/London', t, 'en')).toMatch(/British|Greenwich/);
    expect(timeZoneLabel('Not/AZone', t, 'en')).toBe('Not/AZone');
  });
});
