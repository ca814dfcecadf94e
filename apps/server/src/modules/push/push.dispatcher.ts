import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { UiLanguage } from '@annasetu/domain';
import { SerialRounds } from '../../lib/serial-rounds.js';
import type { Database } from '../../db/client.js';
import { pushMessageFor, pushUrlFor } from './push-messages.js';
import {
  claimUnpushed,
  deleteSubscriptionById,
  initSetting,
  markSubscriptionDelivered,
  subscriptionsOf,
} from './push.queries.js';

/** VAPID keys identify this server to push services. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys: from configuration, else generated once and stored in the database so every
 * instance signs with the same keys and browser subscriptions survive restarts.
 */
export async function loadVapidKeys(
  database: Database,
  configured?: VapidKeys,
): Promise<VapidKeys> {
  if (configured) return configured;
  return initSetting<VapidKeys>(database.db, 'vapid_keys', webpush.generateVAPIDKeys());
}

const BATCH = 100;

/**
 * Sends each new notification as a Web Push to the recipient's browsers, in their language.
 * Woken by live events (a notification was committed) and by a timer as a safety net. A push
 * that fails is logged; a subscription the push service no longer knows (404, 410) is deleted.
 * Nothing here can fail the action that caused the notification: it runs after the commit.
 */
export class PushDispatcher {
  private readonly rounds: SerialRounds;
  sent = 0;

  constructor(
    private readonly database: Database,
    private readonly keys: VapidKeys,
    private readonly options: {
      subject: string;
      logger: FastifyBaseLogger;
      agent?: Agent;
      intervalMs?: number;
      /** Told of every dispatch round's outcome (metrics). */
      onRound?: (ok: boolean) => void;
    },
  ) {
    this.rounds = new SerialRounds(() => this.round(), {
      logger: this.options.logger,
      failure: 'push dispatch failed',
      ...(this.options.intervalMs ? { intervalMs: this.options.intervalMs } : {}),
      ...(this.options.onRound ? { onRound: this.options.onRound } : {}),
    });
  }

  start(): void {
    this.rounds.start();
  }

  /** Stops the timer and later wakes; resolves when the round under way has finished. */
  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** Schedules a round (one queued round covers any number of wakes). */
  wake(): Promise<void> {
    return this.rounds.wake();
  }

  /** Resolves when every notification committed so far has been handled (tests await it). */
  drain(): Promise<void> {
    return this.wake();
  }

  private async round(): Promise<void> {
    for (;;) {
      const batch = await claimUnpushed(this.database.db, BATCH);
      if (batch.length === 0) return;
      const subscriptions = await subscriptionsOf(this.database.db, [
        ...new Set(batch.map((n) => n.userId)),
      ]);
      const byUser = new Map<string, typeof subscriptions>();
      for (const s of subscriptions) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);
      const sends: Promise<void>[] = [];
      for (const notification of batch) {
        const data = (notification.data ?? {}) as Record<string, string>;
        const message = pushMessageFor(
          notification.language as UiLanguage,
          notification.type,
          data,
        );
        const payload = JSON.stringify({
          ...message,
          type: notification.type,
          url: pushUrlFor(notification.type, data),
          notificationId: notification.id,
          lang: notification.language,
        });
        for (const subscription of byUser.get(notification.userId) ?? []) {
          sends.push(this.send(subscription, payload));
        }
      }
      await Promise.all(sends);
      if (batch.length < BATCH) return;
    }
  }

  private async send(
    subscription: { id: string; endpoint: string; p256dh: string; auth: string },
    payload: string,
  ): Promise<void> {
    try {
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        payload,
        {
          vapidDetails: { subject: this.options.subject, ...this.keys },
          TTL: 6 * 3600,
          timeout: 10_000,
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      this.sent += 1;
      await markSubscriptionDelivered(this.database.db, subscription.id);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await deleteSubscriptionById(this.database.db, subscription.id);
        this.options.logger.info({ status }, 'push subscription expired; removed');
        return;
      }
      this.options.logger.warn({ err: error, status }, 'push could not be sent');
    }
  }
}
