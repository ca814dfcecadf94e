import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Donation } from '@annasetu/domain';

/** What a queued action does; the card and the label are chosen by it. */
export type ActionKind =
  | 'grab'
  | 'release'
  | 'collect'
  | 'complete'
  | 'confirmReceipt'
  | 'acceptDelivery'
  | 'acceptRequest'
  | 'rejectRequest'
  | 'postDonation'
  | 'readNotification'
  | 'threadMessage'
  | 'giveFeedback';

/** One action taken without signal, kept until the server has answered it. */
export interface QueuedAction {
  id?: number;
  userId: string;
  kind: ActionKind;
  /** The donation (or request, or notification) whose card shows the action. */
  targetIds: string[];
  method: 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** A collection's photo, already shrunk; uploaded just before the collection is sent. */
  photo?: Blob;
  /** Sent with every attempt, so the server applies the action once however often it is sent. */
  key: string;
  createdAt: number;
  /** `refused`: the server said no; the card says why until the person dismisses it. */
  state: 'waiting' | 'refused';
  /**
   * A send of it was started and no answer was read (the signal went mid-way): it may have
   * reached the server, so it can no longer be cancelled on the device, only sent again (the
   * same key makes the server apply it once).
   */
  maybeSent?: boolean;
  errorCode?: string;
  /** A short description shown in the list (e.g. the food's name). */
  title?: string;
  /**
   * A grab's donation as the feed showed it: the device shows the request the grab will make
   * (id `queued-<key>`), so the collection and delivery can be recorded before it is sent.
   */
  donation?: Donation;
}

interface OfflineDb extends DBSchema {
  actions: { key: number; value: QueuedAction; indexes: { byUser: string } };
  /** Saved query data per user (TanStack Query's dehydrated state) and when it was saved. */
  snapshots: { key: string; value: { userId: string; savedAt: number; state: unknown } };
}

/**
 * Whose data this device may write: the signed-in person, and nobody once they sign out. A write
 * checks it right before its transaction starts, with no await between, so a save that was in
 * flight when someone signed out cannot land after the store was cleared (transactions on the
 * same stores run in the order they were started).
 */
let keeper: string | null = null;

export function keepDataOf(userId: string | null): void {
  keeper = userId;
}

export function keepsDataOf(userId: string | null): boolean {
  return userId !== null && keeper === userId;
}

let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

/** The device's offline store (IndexedDB through `idb`; see decision record 0025). */
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>('annasetu-offline', 1, {
    upgrade(db) {
      const actions = db.createObjectStore('actions', { keyPath: 'id', autoIncrement: true });
      actions.createIndex('byUser', 'userId');
      db.createObjectStore('snapshots', { keyPath: 'userId' });
    },
  });
  return opened;
}
