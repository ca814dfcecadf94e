import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { UiLanguage } from '@annasetu/domain';
import type { Database, Tx } from '../../db/client.js';
import { NotificationComposer } from '../outbox/composer.js';
import { ChannelOutbox, PermanentSendError, type ChannelSender } from '../outbox/outbox.js';
import { enqueueMessage, type OutgoingMessage } from '../outbox/outbox.queries.js';
import { pushMessageFor, pushUrlFor } from './push-messages.js';
import {
  claimUnpushed,
  deleteSubscriptionById,
  findSubscription,
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

/** A push older than this is no longer news: the push service drops it, and so do retries. */
const PUSH_LIFETIME_MS = 6 * 3600_000;

/**
 * Web Push through the browser's push service. A subscription the service no longer knows (404,
 * 410) is forgotten and its message given up; throttling (429), a service error (5xx) or no
 * answer is tried again; any other refusal will not change. The push service keeps the message
 * only for what is left of its lifetime.
 */
export function webPushSender(
  database: Database,
  keys: VapidKeys,
  options: { subject: string; logger: FastifyBaseLogger; agent?: Agent },
): ChannelSender {
  return {
    ready: true,
    async send(message) {
      const subscription = await findSubscription(database.db, message.recipient);
      if (!subscription) throw new PermanentSendError('the browser unsubscribed');
      const ttlSeconds = message.expiresAt
        ? Math.max(0, Math.floor((message.expiresAt.getTime() - Date.now()) / 1000))
        : PUSH_LIFETIME_MS / 1000;
      try {
        const result = await webpush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          JSON.stringify(message.payload),
          {
            vapidDetails: { subject: options.subject, ...keys },
            TTL: ttlSeconds,
            timeout: 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        await markSubscriptionDelivered(database.db, subscription.id);
        const location = result.headers?.location;
        return typeof location === 'string' ? [location] : [];
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await deleteSubscriptionById(database.db, subscription.id);
          options.logger.info({ status }, 'push subscription expired; removed');
          throw new PermanentSendError(`push subscription gone (${status})`, { cause: error });
        }
        if (status !== undefined && status < 500 && status !== 429) {
          throw new PermanentSendError(`push service refused the message (${status})`, {
            cause: error,
          });
        }
        if (status !== undefined) {
          throw new Error(`push service busy or failing (${status})`, { cause: error });
        }
        throw error;
      }
    },
  };
}

/**
 * Turns each new notification into a Web Push for each of the recipient's browsers, in their
 * language; the push channel's outbox sends them, retrying a busy push service.
 */
export class PushDispatcher extends NotificationComposer {
  constructor(
    database: Database,
    keys: VapidKeys,
    options: {
      subject: string;
      logger: FastifyBaseLogger;
      agent?: Agent;
      intervalMs?: number;
      /** Told of every sending round's outcome (metrics). */
      onRound?: (ok: boolean) => void;
    },
  ) {
    super(
      database,
      new ChannelOutbox(database, 'push', webPushSender(database, keys, options), {
        logger: options.logger,
        concurrency: 10,
        ...(options.onRound ? { onRound: options.onRound } : {}),
      }),
      {
        logger: options.logger,
        failure: 'push composing failed',
        ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
      },
    );
  }

  protected async queueBatch(tx: Tx, limit: number) {
    const batch = await claimUnpushed(tx, limit);
    const browsers = new Map<string, string[]>();
    for (const s of await subscriptionsOf(tx, [...new Set(batch.map((n) => n.userId))])) {
      browsers.set(s.userId, [...(browsers.get(s.userId) ?? []), s.id]);
    }
    const messages: OutgoingMessage[] = [];
    const expiresAt = new Date(Date.now() + PUSH_LIFETIME_MS);
    for (const notification of batch) {
      const data = (notification.data ?? {}) as Record<string, string>;
      const language = notification.language as UiLanguage;
      const text = pushMessageFor(language, notification.type, data);
      const payload = {
        ...text,
        type: notification.type,
        url: pushUrlFor(notification.type, data),
        notificationId: notification.id,
        lang: notification.language,
      };
      for (const subscriptionId of browsers.get(notification.userId) ?? []) {
        messages.push({
          channel: 'push',
          recipient: subscriptionId,
          kind: 'alert',
          language,
          body: text.body,
          payload,
          segments: 1,
          expiresAt,
        });
      }
    }
    await enqueueMessage(tx, ...messages);
    return { claimed: batch.length, queued: messages.length };
  }
}
