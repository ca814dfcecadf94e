import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification, Donation, FoodRequest } from '@annasetu/domain';
import { giveFeedback } from '../../features/requests/api/give-feedback';
import { sendThreadMessage } from '../../features/requests/api/pickup-thread';
import { requestActions } from '../../features/requests/api/request-mutations';
import { markNotificationRead } from '../../features/notifications/api/update-notifications';
import { createDonation } from '../../features/donations/api/donation-mutations';
import { carryingMoves } from '../../features/requests/api/carrying-moves';
import { readCatalogues } from '../../testing/catalogues';
import { renderWithProviders } from '../../testing/render';
import { clearOfflineData, isQueued, queueSnapshot, setQueueUser } from '../lib/queue';
import { offlineDb, type ActionKind, type QueuedAction } from '../lib/store';
import { QueuedActionRow } from './queued-actions';

const FOOD = 'Rajma chawal';
const request = { id: 'req-1', donationId: 'don-1', foodType: FOOD } as FoodRequest;

/** Every action a person can take without signal, taken through the screens' own calls. */
const everyAction: Record<ActionKind, () => Promise<unknown>> = {
  grab: () => carryingMoves.grab({ id: 'don-2', foodType: FOOD } as Donation),
  release: () => carryingMoves.release(request),
  collect: () =>
    carryingMoves.collect({
      donationId: request.donationId,
      requestId: request.id,
      foodType: FOOD,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: 'bank-1',
      notes: '',
    }),
  complete: () => carryingMoves.complete(request),
  confirmReceipt: () => carryingMoves.confirmReceipt({ request, input: { notes: '' } }),
  acceptDelivery: () => carryingMoves.acceptDelivery(request),
  acceptRequest: () => requestActions.accept(request),
  rejectRequest: () => requestActions.reject(request),
  postDonation: () => createDonation({ foodType: FOOD } as Parameters<typeof createDonation>[0]),
  readNotification: () =>
    markNotificationRead({ id: 'note-1', data: { foodType: FOOD } } as AppNotification),
  threadMessage: () => sendThreadMessage({ request, input: { code: 'on_my_way' } }),
  giveFeedback: () => giveFeedback({ requestId: request.id, foodType: FOOD, input: { stars: 4 } }),
};

/** Takes every action with no signal; returns them as the device keeps them. */
async function queueEverything(): Promise<QueuedAction[]> {
  for (const [kind, take] of Object.entries(everyAction)) {
    const outcome = await take().then(
      () => 'sent',
      (error: unknown) => (isQueued(error) ? 'queued' : String(error)),
    );
    expect(outcome, kind).toBe('queued');
  }
  return queueSnapshot().actions;
}

describe('a queued or refused action card', () => {
  beforeEach(async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await setQueueUser('volunteer-1');
  });

  afterEach(async () => {
    await clearOfflineData();
    await setQueueUser(null);
    vi.restoreAllMocks();
  });

  it('keeps the food each action is about, for every kind of action', async () => {
    const actions = await queueEverything();
    expect(actions.map((a) => a.kind).sort()).toEqual(Object.keys(everyAction).sort());
    for (const action of actions) expect(action.title, action.kind).toBe(FOOD);
    // What the device keeps, as it is read again after a reload.
    const stored = await (await offlineDb()).getAll('actions');
    expect(stored.filter((a) => a.title === FOOD)).toHaveLength(actions.length);
  });

  it('names the food on a refused card of every kind, in every language', async () => {
    const actions = await queueEverything();
    const catalogues = readCatalogues();
    for (const [language, catalogue] of Object.entries(catalogues)) {
      for (const action of actions) {
        const refused: QueuedAction = {
          ...action,
          state: 'refused',
          errorCode: 'DONATION_UNAVAILABLE',
        };
        const view = renderWithProviders(
          <ul>
            <QueuedActionRow action={refused} />
          </ul>,
          { language, resources: { [language]: { translation: catalogue } } },
        );
        const card = view.getByRole('listitem');
        const errors = catalogue.errors as Record<string, string>;
        expect(card.textContent, `${language} ${action.kind}`).toContain(FOOD);
        expect(card.textContent, `${language} ${action.kind}`).toContain(
          errors.DONATION_UNAVAILABLE,
        );
        view.unmount();
      }
    }
  });

  it('offers no Cancel for an action that may have reached the server, and says so in every language', async () => {
    const [grab] = (await queueEverything()).filter((a) => a.kind === 'grab');
    for (const [language, catalogue] of Object.entries(readCatalogues())) {
      const { card } = catalogue.offline as { card: { maybeSent: string } };
      for (const maybeSent of [true, false]) {
        const view = renderWithProviders(
          <ul>
            <QueuedActionRow action={{ ...grab!, maybeSent }} />
          </ul>,
          { language, resources: { [language]: { translation: catalogue } } },
        );
        const row = view.getByRole('listitem');
        expect(row.textContent?.includes(card.maybeSent), `${language} ${row.textContent}`).toBe(
          maybeSent,
        );
        expect(view.queryAllByRole('button'), language).toHaveLength(maybeSent ? 0 : 1);
        view.unmount();
      }
    }
  });
});
