// The WhatsApp Business Platform's Cloud API as this app uses it (decision 0069): the messages
// it sends and the webhook deliveries it receives, in Meta's wire format.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppSettings } from '../../config/env.js';
import { PermanentSendError } from '../outbox/outbox.js';

/** A quick-reply button: what it says and what comes back when it is tapped. */
export interface ReplyButton {
  /** Comes back as the reply's text ("1 KTP"): the same words a person could type. */
  id: string;
  title: string;
}

/** Meta's limits on a reply button's title and on an interactive message's buttons. */
export const BUTTON_TITLE_MAX = 20;
export const BUTTONS_MAX = 3;

/**
 * A template message (the only kind WhatsApp lets a business start a conversation with): the
 * template approved under `name` in `language`, its body's parameters in order, and a payload
 * for each of its quick-reply buttons.
 */
export function templateMessage(
  name: string,
  language: string,
  parameters: string[],
  buttonPayloads: string[] = [],
): Record<string, unknown> {
  return {
    type: 'template',
    template: {
      name,
      language: { code: language },
      components: [
        {
          type: 'body',
          parameters: parameters.map((text) => ({ type: 'text', text: asParameter(text) })),
        },
        ...buttonPayloads.map((payload, index) => ({
          type: 'button',
          sub_type: 'quick_reply',
          index: String(index),
          parameters: [{ type: 'payload', payload }],
        })),
      ],
    },
  };
}

/**
 * A one-time code as Meta's authentication template sends it: WhatsApp writes the fixed, translated
 * text ("123456 is your verification code", a security note, the minutes it works) and a "Copy
 * code" button; the code is the body's parameter and the button's (decision 0070).
 */
export function codeTemplateMessage(name: string, language: string, code: string) {
  return {
    type: 'template',
    template: {
      name,
      language: { code: language },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ],
    },
  };
}

/** A template parameter may hold no line break, tab or run of spaces, and may not be empty. */
function asParameter(text: string): string {
  return text.replace(/\s+/g, ' ').trim() || '-';
}

/** A free-form answer, allowed within 24 hours of the person's last message. */
export function textMessage(body: string): Record<string, unknown> {
  return { type: 'text', text: { body, preview_url: false } };
}

/** An answer with up to three reply buttons (within the same 24 hours). */
export function buttonsMessage(body: string, buttons: ReplyButton[]): Record<string, unknown> {
  return {
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: body },
      action: {
        buttons: buttons.slice(0, BUTTONS_MAX).map((button) => ({
          type: 'reply',
          reply: { id: button.id, title: [...button.title].slice(0, BUTTON_TITLE_MAX).join('') },
        })),
      },
    },
  };
}

/**
 * Error codes of the Graph API that sending again later can succeed (throttling, a service
 * hiccup); any other refusal of a message (HTTP 400) is final. Authorisation failures (401, 403)
 * and server errors are retried: a token put right sends what waited.
 */
const RETRIABLE_CODES = new Set([4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/** Sends one message to a number (E.164); resolves with WhatsApp's message id ("wamid…"). */
export async function sendWhatsApp(
  settings: WhatsAppSettings,
  phone: string,
  message: Record<string, unknown>,
  timeoutMs = 15_000,
): Promise<string> {
  const response = await fetch(`${settings.apiUrl}/${settings.phoneNumberId}/messages`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${settings.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: phone.replace(/^\+/, ''),
      ...message,
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json().catch(() => null)) as {
    messages?: Array<{ id?: string }>;
    error?: { code?: number; message?: string };
  } | null;
  const id = body?.messages?.[0]?.id;
  if (response.ok && id) return id;
  const code = body?.error?.code;
  const reason = `WhatsApp ${response.status}${code ? ` (${code})` : ''}: ${body?.error?.message ?? 'no message id'}`;
  if (response.status === 400 && !(code !== undefined && RETRIABLE_CODES.has(code))) {
    throw new PermanentSendError(reason);
  }
  throw new Error(reason);
}

/**
 * Whether a webhook delivery is Meta's: `X-Hub-Signature-256` is "sha256=" and the HMAC-SHA256
 * of the raw body under the app secret (compared in constant time).
 */
export function signatureValid(appSecret: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A person's message as the app acts on it. */
export interface InboundWhatsApp {
  /** WhatsApp's id of the message: a delivery repeated by Meta carries the same one. */
  id: string;
  /** E.164. */
  from: string;
  /** What they typed, or the id of the button they tapped. */
  text: string;
}

/** A sent message's progress: delivered (or read), or failed. */
export interface WhatsAppStatus {
  id: string;
  delivered: boolean;
}

interface WebhookBody {
  object?: unknown;
  entry?: Array<{
    changes?: Array<{
      field?: unknown;
      value?: {
        metadata?: { phone_number_id?: unknown };
        messages?: Array<Record<string, unknown>>;
        statuses?: Array<Record<string, unknown>>;
      };
    }>;
  }>;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What a person wrote or tapped: a text, a template's quick reply, or an interactive button. */
function textOf(message: Record<string, unknown>): string {
  const field = (name: string) => (message[name] ?? {}) as Record<string, unknown>;
  switch (message.type) {
    case 'text':
      return str(field('text').body);
    case 'button':
      return str(field('button').payload) || str(field('button').text);
    case 'interactive': {
      const interactive = field('interactive');
      const reply = (interactive.button_reply ?? interactive.list_reply ?? {}) as Record<
        string,
        unknown
      >;
      return str(reply.id) || str(reply.title);
    }
    default:
      // A photo, a voice note, a location: answered with the help text.
      return '';
  }
}

/**
 * The messages and statuses of one webhook delivery for this phone number. Null when the body
 * is not a WhatsApp Business Account delivery at all; anything unreadable inside is skipped.
 */
export function readWebhook(
  body: unknown,
  phoneNumberId: string,
): { messages: InboundWhatsApp[]; statuses: WhatsAppStatus[] } | null {
  const delivery = body as WebhookBody | null;
  if (
    !delivery ||
    delivery.object !== 'whatsapp_business_account' ||
    !Array.isArray(delivery.entry)
  )
    return null;
  const messages: InboundWhatsApp[] = [];
  const statuses: WhatsAppStatus[] = [];
  for (const entry of delivery.entry) {
    for (const change of entry?.changes ?? []) {
      const value = change?.value;
      if (change?.field !== 'messages' || !value) continue;
      // Another number of the same business account is another app's to answer.
      if (str(value.metadata?.phone_number_id) !== phoneNumberId) continue;
      for (const message of value.messages ?? []) {
        const from = str(message.from);
        const id = str(message.id);
        if (!/^[0-9]{6,15}$/.test(from) || !id) continue;
        messages.push({ id, from: `+${from}`, text: textOf(message).slice(0, 1000) });
      }
      for (const status of value.statuses ?? []) {
        const id = str(status.id);
        if (!id) continue;
        if (status.status === 'delivered' || status.status === 'read')
          statuses.push({ id, delivered: true });
        else if (status.status === 'failed') statuses.push({ id, delivered: false });
      }
    }
  }
  return { messages, statuses };
}
