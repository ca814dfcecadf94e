import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoodRequest, PickupThread, ThreadMessage } from '@annasetu/domain';
import { clearOfflineData, queueSnapshot, setQueueUser } from '../../../offline/lib/queue';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { RequestCard } from './request-card';

const DONOR = '00000000-0000-4000-8000-0000000000a1';
const VOLUNTEER = '00000000-0000-4000-8000-0000000000c1';
const REQUEST = '00000000-0000-4000-8000-0000000000e1';
const THREAD_URL = `/api/requests/${REQUEST}/thread`;

const carried = {
  id: REQUEST,
  donationId: '00000000-0000-4000-8000-0000000000d1',
  foodType: 'Veg biryani',
  quantity: 9,
  unit: 'kg',
  status: 'accepted',
  donorId: DONOR,
  donorName: 'Annapurna Kitchen',
  donorAddress: 'MG Road',
  volunteerId: VOLUNTEER,
  volunteerName: 'Ravi',
  isVolunteerRequest: true,
  createdAt: '2026-11-24T09:00:00.000Z',
} as FoodRequest;

const said = (overrides: Partial<ThreadMessage>): ThreadMessage => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  senderId: DONOR,
  senderName: 'Annapurna Kitchen',
  party: 'donor',
  mine: false,
  code: null,
  text: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  ...overrides,
});

const threadOf = (messages: ThreadMessage[], overrides: Partial<PickupThread> = {}) => ({
  body: {
    thread: {
      requestId: REQUEST,
      messages,
      canWrite: true,
      writableUntil: null,
      quickMessages: ['on_my_way', 'arriving_10', 'running_late', 'please_call'],
      ...overrides,
    },
  },
});

const handlers = () => ({
  onCollect: vi.fn(),
  onWithdraw: vi.fn(),
  onRelease: vi.fn(),
  onConfirmReceipt: vi.fn(),
});

class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('IntersectionObserver', NoObserver));
afterEach(() => vi.unstubAllGlobals());

const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === THREAD_URL);

function renderCard(request: FoodRequest, route = '/requests') {
  return renderWithProviders(
    <RequestCard
      request={request}
      user={makeUser({ id: VOLUNTEER, role: 'volunteer' })}
      {...handlers()}
    />,
    { route },
  );
}

describe('the conversation of a pickup', () => {
  it('shows who said what, sends the quick message chosen or the text typed with Send', async () => {
    let messages = [said({ text: 'Back gate, ask for Ravi' })];
    const { calls } = mockApi({
      [`GET ${THREAD_URL}`]: () => threadOf(messages),
      [`POST ${THREAD_URL}`]: () => {
        const body = posts(calls).at(-1)!.body as { code?: string; text?: string };
        const mine = said({
          id: `00000000-0000-4000-8000-00000000010${messages.length}`,
          senderId: VOLUNTEER,
          senderName: 'Ravi',
          party: 'volunteer',
          mine: true,
          code: (body.code ?? null) as ThreadMessage['code'],
          text: body.text ?? null,
        });
        messages = [...messages, mine];
        return { status: 201, body: { message: mine } };
      },
    });
    renderCard(carried);
    await userEvent.click(await screen.findByRole('button', { name: 'Messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages: Veg biryani' });
    expect(await within(dialog).findByText('Back gate, ask for Ravi')).toBeVisible();
    expect(within(dialog).getByText(/Annapurna Kitchen · Donor/)).toBeVisible();

    // Only this party's quick messages; a tap chooses one (and a second tap un-chooses it).
    expect(
      within(dialog).queryByRole('button', { name: 'Food is ready at the back door' }),
    ).toBeNull();
    const onMyWay = within(dialog).getByRole('button', { name: 'On my way' });
    const late = within(dialog).getByRole('button', { name: 'Running late' });
    await userEvent.click(late);
    expect(late).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(late);
    expect(late).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(onMyWay);
    expect(onMyWay).toHaveAttribute('aria-pressed', 'true');
    expect(posts(calls)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('On my way', { selector: 'p' })).toBeVisible();
    expect(posts(calls).map((c) => c.body)).toEqual([{ code: 'on_my_way' }]);
    expect(onMyWay).toHaveAttribute('aria-pressed', 'false');

    const box = within(dialog).getByLabelText(/^Your message/);
    // A chosen quick message gives way to typing.
    await userEvent.click(late);
    await userEvent.type(box, '  Parking outside, 2 minutes  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Parking outside, 2 minutes')).toBeVisible();
    expect(posts(calls).map((c) => c.body)).toEqual([
      { code: 'on_my_way' },
      { text: 'Parking outside, 2 minutes' },
    ]);
    expect(box).toHaveValue('');
    const mine = (_: string, element: Element | null) =>
      element?.className === 'thread__meta' && element.textContent!.startsWith('You · ');
    expect(within(dialog).getAllByText(mine)).toHaveLength(2);

    expect(late).toHaveAttribute('aria-pressed', 'false');

    // An empty box is not sent: it says what to do beside the box, which takes the focus.
    await userEvent.type(box, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      within(dialog).getByText('Please choose a quick message or type a message.'),
    ).toBeVisible();
    expect(box).toHaveFocus();
    expect(posts(calls)).toHaveLength(2);
  });

  it('offers no conversation before the match, and reads only once it closed', async () => {
    mockApi({
      [`GET ${THREAD_URL}`]: threadOf([said({ code: 'please_call' })], {
        canWrite: false,
        writableUntil: '2026-11-20T09:00:00.000Z',
      }),
    });
    const { unmount } = renderCard({ ...carried, status: 'pending' });
    await screen.findByRole('heading', { name: 'Veg biryani' });
    expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();
    unmount();

    renderCard({ ...carried, status: 'fulfilled' });
    await userEvent.click(await screen.findByRole('button', { name: 'Messages' }));
    // The open conversation is in the address, so the back button closes it.
    expect(screen.getByTestId('location')).toHaveTextContent(`/requests?thread=${REQUEST}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Please call me')).toBeVisible();
    expect(within(dialog).getByText(/conversation is closed/)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'On my way' })).toBeNull();
    expect(within(dialog).queryByLabelText(/^Your message/)).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens by itself from a message notification and says why a refused message was refused', async () => {
    mockApi({
      [`GET ${THREAD_URL}`]: threadOf([]),
      [`POST ${THREAD_URL}`]: {
        status: 409,
        body: { error: 'closed', code: 'THREAD_NOT_OPEN' },
      },
    });
    renderCard(carried, `/requests?focus=${REQUEST}&thread=${REQUEST}`);
    const dialog = await screen.findByRole('dialog', { name: 'Messages: Veg biryani' });
    expect(await within(dialog).findByText(/No messages yet/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Running late' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Messages can be sent once the pickup is matched, and until a week after it ends.',
    );
    // Closed, the address forgets it: a reload does not open it again.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/requests$/));
  });

  describe('without signal', () => {
    beforeEach(async () => {
      await setQueueUser(VOLUNTEER);
    });
    afterEach(async () => {
      await clearOfflineData();
      await setQueueUser(null);
    });

    it('keeps the message on the device, shows it waiting in the thread, and queues it once', async () => {
      mockApi({ [`GET ${THREAD_URL}`]: threadOf([]) });
      renderCard(carried);
      await userEvent.click(await screen.findByRole('button', { name: 'Messages' }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByText(/No messages yet/);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Arriving in 10 minutes' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await within(dialog).findByText(/Waiting to be sent/)).toBeVisible();
      expect(within(dialog).getByText('Arriving in 10 minutes', { selector: 'p' })).toBeVisible();
      await waitFor(() => expect(queueSnapshot().actions).toHaveLength(1));
      expect(queueSnapshot().actions[0]).toMatchObject({
        kind: 'threadMessage',
        path: THREAD_URL,
        body: { code: 'arriving_10' },
        targetIds: [REQUEST],
      });
    });
  });
});
