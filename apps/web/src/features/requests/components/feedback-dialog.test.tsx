import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { clearOfflineData, queueSnapshot, setQueueUser } from '../../../offline/lib/queue';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { BackButton, renderWithProviders } from '../../../testing/render';
import { RequestCard } from './request-card';

const DONOR = '00000000-0000-4000-8000-0000000000a1';
const VOLUNTEER = '00000000-0000-4000-8000-0000000000c1';
const BANK = '00000000-0000-4000-8000-0000000000b1';
const REQUEST = '00000000-0000-4000-8000-0000000000e1';
const FEEDBACK_URL = `/api/requests/${REQUEST}/feedback`;

const delivered = {
  id: REQUEST,
  donationId: '00000000-0000-4000-8000-0000000000d1',
  foodType: 'Veg biryani',
  quantity: 9,
  unit: 'kg',
  status: 'fulfilled',
  donorId: DONOR,
  donorName: 'Annapurna Kitchen',
  donorAddress: 'MG Road',
  donorRating: { average: 4.5, count: 12 },
  volunteerId: VOLUNTEER,
  volunteerName: 'Ravi',
  volunteerRating: { average: 3.75, count: 4 },
  destinationUserId: BANK,
  destinationName: 'Asha Food Bank',
  destinationRating: null,
  isVolunteerRequest: true,
  createdAt: '2026-11-24T09:00:00.000Z',
} as FoodRequest;

const handlers = () => ({
  onCollect: vi.fn(),
  onWithdraw: vi.fn(),
  onRelease: vi.fn(),
  onConfirmReceipt: vi.fn(),
});

function answer(stars: number) {
  return {
    status: 201,
    body: {
      feedback: {
        id: '00000000-0000-4000-8000-0000000000f1',
        requestId: REQUEST,
        kind: 'pickup',
        stars,
        note: null,
        tags: [],
        createdAt: '2026-11-28T09:00:00.000Z',
      },
      request: { ...delivered, myFeedback: { kind: 'pickup', stars } },
    },
  };
}

class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('IntersectionObserver', NoObserver));
afterEach(() => vi.unstubAllGlobals());

const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === FEEDBACK_URL);

describe('rating a delivered request', () => {
  it('shows the matched people’s ratings beside their names', async () => {
    mockApi({});
    renderWithProviders(
      <RequestCard
        request={{ ...delivered, myFeedback: null }}
        user={makeUser({ id: DONOR, role: 'restaurant' })}
        {...handlers()}
      />,
    );
    await screen.findByRole('heading', { name: 'Veg biryani' });
    expect(screen.getByText('★ 3.8 (4)')).toBeVisible();
    expect(screen.getByText('Rated 3.8 out of 5 in 4 ratings')).toBeInTheDocument();
    expect(screen.getByText('★ 4.5 (12)')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Rate/ })).toBeNull();
  });

  it('sends the stars and tags last chosen after changing each away and back, then says "You rated 5 of 5"', async () => {
    const { calls } = mockApi({ [`POST ${FEEDBACK_URL}`]: answer(5) });
    renderWithProviders(
      <RequestCard
        request={{ ...delivered, myFeedback: { kind: 'pickup', stars: null } }}
        user={makeUser({ id: DONOR, role: 'restaurant' })}
        {...handlers()}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rate the pickup' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Rate the pickup: Veg biryani' }));
    // Pickup tags only; none of the food's.
    expect(within(dialog).queryByRole('button', { name: 'Well packed' })).toBeNull();

    const two = within(dialog).getByRole('radio', { name: '2 of 5 stars' });
    const five = within(dialog).getByRole('radio', { name: '5 of 5 stars' });
    await userEvent.click(two);
    expect(two).toBeChecked();
    await userEvent.click(five);
    expect(five).toBeChecked();
    expect(two).not.toBeChecked();

    const onTime = within(dialog).getByRole('button', { name: 'On time' });
    expect(onTime).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(onTime);
    expect(onTime).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(onTime);
    expect(onTime).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(onTime);
    expect(onTime).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Polite' }));
    await userEvent.type(within(dialog).getByLabelText(/^Note/), '  Came early, very careful  ');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You rated 5 of 5')).toBeVisible();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({
      stars: 5,
      tags: ['on_time', 'polite'],
      note: 'Came early, very careful',
    });
    expect(screen.queryByRole('button', { name: 'Rate the pickup' })).toBeNull();
  });

  it('is in the address while open, so the back button closes it and stays on the page', async () => {
    renderWithProviders(
      <>
        <RequestCard
          request={{ ...delivered, myFeedback: { kind: 'pickup', stars: null } }}
          user={makeUser({ id: DONOR, role: 'restaurant' })}
          {...handlers()}
        />
        <BackButton />
      </>,
      { route: '/requests?filter=all' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rate the pickup' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/requests?filter=all&rate=${REQUEST}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Phone back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/requests\?filter=all$/);
    // Opened again and closed with its own button: gone from the address, back is the page's.
    await userEvent.click(screen.getByRole('button', { name: 'Rate the pickup' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/requests\?filter=all$/);
  });

  it('offers the food tags to the receiver and sends no note when none was written', async () => {
    const { calls } = mockApi({ [`POST ${FEEDBACK_URL}`]: answer(4) });
    renderWithProviders(
      <RequestCard
        request={{ ...delivered, myFeedback: { kind: 'food', stars: null } }}
        user={makeUser({ id: BANK, role: 'foodbank' })}
        {...handlers()}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rate the food' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'On time' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: '4 of 5 stars' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Well packed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ stars: 4, tags: ['well_packed'] });
  });

  it('says why a rating was refused, in words, and keeps the dialog open', async () => {
    mockApi({
      [`POST ${FEEDBACK_URL}`]: {
        status: 409,
        body: {
          error: 'You have already rated this. A rating cannot be changed.',
          code: 'FEEDBACK_ALREADY_GIVEN',
        },
      },
    });
    renderWithProviders(
      <RequestCard
        request={{ ...delivered, myFeedback: { kind: 'pickup', stars: null } }}
        user={makeUser({ id: DONOR, role: 'restaurant' })}
        {...handlers()}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rate the pickup' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: '3 of 5 stars' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already rated this. A rating cannot be changed.',
    );
    expect(within(dialog).getByRole('radio', { name: '3 of 5 stars' })).toBeChecked();
  });

  it('asks for stars before sending anything', async () => {
    const { calls } = mockApi({});
    renderWithProviders(
      <RequestCard
        request={{ ...delivered, myFeedback: { kind: 'pickup', stars: null } }}
        user={makeUser({ id: DONOR, role: 'restaurant' })}
        {...handlers()}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rate the pickup' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please choose from 1 to 5 stars.',
    );
    expect(posts(calls)).toHaveLength(0);
    // Stars chosen: the message that asked for them goes.
    await userEvent.click(within(dialog).getByRole('radio', { name: '4 of 5 stars' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows "You rated 4 of 5" for a request already rated', async () => {
    mockApi({});
    renderWithProviders(
      <RequestCard
        request={{ ...delivered, myFeedback: { kind: 'food', stars: 4 } }}
        user={makeUser({ id: BANK, role: 'foodbank' })}
        {...handlers()}
      />,
    );
    expect(await screen.findByText('You rated 4 of 5')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Rate the food' })).toBeNull();
  });

  it('keeps a rating given without signal on the phone and shows it as given', async () => {
    mockApi({});
    await setQueueUser(DONOR);
    try {
      renderWithProviders(
        <RequestCard
          request={{ ...delivered, myFeedback: { kind: 'pickup', stars: null } }}
          user={makeUser({ id: DONOR, role: 'restaurant' })}
          {...handlers()}
        />,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Rate the pickup' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('radio', { name: '4 of 5 stars' }));
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('You rated 4 of 5')).toBeVisible();
      await waitFor(() => expect(queueSnapshot().actions).toHaveLength(1));
      expect(queueSnapshot().actions[0]).toMatchObject({
        kind: 'giveFeedback',
        path: FEEDBACK_URL,
        body: { stars: 4, tags: [] },
      });
    } finally {
      await clearOfflineData();
      await setQueueUser(null);
    }
  });
});
