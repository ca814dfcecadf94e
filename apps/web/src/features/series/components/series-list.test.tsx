import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Series } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { SeriesList } from './series-list';

const ID = '00000000-0000-4000-8000-0000000000f1';

function makeSeries(): Series {
  return {
    id: ID,
    status: 'active',
    template: {
      cuisine: 'South Indian',
      foodType: 'Lemon rice',
      vegType: 'veg',
      quantity: 30,
      unit: 'meals',
      expiryHours: 6,
      notes: null,
      pickupAddress: '12 MG Road, Bengaluru',
      pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
      holding: 'hot',
      allergens: ['milk'],
    },
    schedule: {
      frequency: 'weekdays',
      weekdays: ['MO', 'WE'],
      rrule: '',
      timeOfDay: '21:00',
      timeZone: 'Asia/Kolkata',
      startsOn: '2026-11-01',
      endsOn: null,
    },
    upcoming: [{ at: '2026-11-30T15:30:00.000Z', skipped: false }],
    needsConfirmation: false,
    postedCount: 4,
    lastPostedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
  };
}

/** The server: keeps what each PATCH changed and lists it again. */
function renderList() {
  const series = makeSeries();
  const api = mockApi({
    'GET /api/series': () => ({ body: { items: [series] } }),
    [`PATCH /api/series/${ID}`]: () => {
      const input = api.calls.at(-1)!.body as Partial<Series>;
      if (input.status) series.status = input.status;
      if (input.template) series.template = { ...series.template, ...input.template };
      if (input.schedule) series.schedule = { ...series.schedule, ...input.schedule };
      return { body: { series } };
    },
  });
  renderWithProviders(<SeriesList />);
  return api;
}

const patches = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
const card = () => screen.getByRole('article', { name: 'Lemon rice' });
const button = (name: string) => within(card()).getByRole('button', { name });

describe('recurring donations list', () => {
  it('pauses and resumes, offering the other action and the next postings as the status says', async () => {
    const { calls } = renderList();
    await screen.findByRole('article', { name: 'Lemon rice' });
    expect(within(card()).getByText('Active')).toBeInTheDocument();
    expect(within(card()).getByText('Next postings')).toBeInTheDocument();

    await userEvent.click(button('Pause'));
    // The card's status and the toast both say so.
    await waitFor(() => expect(within(card()).getByText('Paused')).toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByText('Paused')).toHaveLength(2));
    await waitFor(() =>
      expect(within(card()).getByRole('button', { name: 'Resume' })).toBeEnabled(),
    );
    expect(within(card()).queryByRole('button', { name: 'Skip next' })).toBeNull();
    expect(within(card()).queryByText('Next postings')).toBeNull();

    await userEvent.click(button('Resume'));
    expect(await screen.findByText('Resumed')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card()).getByRole('button', { name: 'Pause' })).toBeEnabled(),
    );
    expect(within(card()).getByText('Active')).toBeInTheDocument();
    expect(button('Skip next')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ status: 'paused' }, { status: 'active' }]);
  });

  it('edits the amount and time, keeping the rest of the series as it was', async () => {
    const { calls } = renderList();
    await screen.findByRole('article', { name: 'Lemon rice' });
    expect(card()).toHaveTextContent('Mon, Wed at 09:00 pm');

    // Edit, cancel, edit again: the form starts from the series each time.
    await userEvent.click(button('Edit'));
    await userEvent.clear(within(card()).getByLabelText(/^Quantity/));
    await userEvent.type(within(card()).getByLabelText(/^Quantity/), '99');
    await userEvent.click(button('Cancel'));
    await userEvent.click(button('Edit'));
    const quantity = within(card()).getByLabelText(/^Quantity/);
    expect(quantity).toHaveValue(30);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '45');
    const time = within(card()).getByLabelText(/^Time to post/);
    await userEvent.clear(time);
    await userEvent.type(time, '20:15');
    await userEvent.click(button('Save changes'));

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    await waitFor(() => expect(card()).toHaveTextContent('Mon, Wed at 08:15 pm'));
    expect(card()).toHaveTextContent('45 meals');
    expect(card()).toHaveTextContent('Hot, above 60 °C');
    expect(patches(calls)).toEqual([
      {
        template: {
          cuisine: 'South Indian',
          foodType: 'Lemon rice',
          vegType: 'veg',
          quantity: 45,
          unit: 'meals',
          expiryHours: 6,
          pickupAddress: '12 MG Road, Bengaluru',
          pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
          holding: 'hot',
          allergens: ['milk'],
        },
        schedule: {
          frequency: 'weekdays',
          weekdays: ['MO', 'WE'],
          timeOfDay: '20:15',
          timeZone: 'Asia/Kolkata',
          startsOn: '2026-11-01',
        },
      },
    ]);
  });
});
