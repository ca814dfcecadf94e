// The settings of the channels that reach a phone: SMS over SMPP and WhatsApp's Cloud API.
import { z } from 'zod';

// A DLT template id for every language ("1107…"), or one per language ("en=1107…,hi=1107…").
const dltTemplates = z
  .string()
  .regex(
    /^(?:[0-9]{1,30}|[a-z]{2}=[0-9]{1,30}(?:,[a-z]{2}=[0-9]{1,30})*)$/,
    'must be an id or lang=id,...',
  )
  .transform((v): Record<string, string> =>
    v.includes('=')
      ? Object.fromEntries(v.split(',').map((pair) => pair.split('=') as [string, string]))
      : { '*': v },
  );

/** The environment variables of the phone channels (part of the app's settings schema). */
export const phoneChannelEnv = {
  // SMS over SMPP 3.4 (decision 0060): off unless SMS_SMPP_URL is set.
  SMS_SMPP_URL: z
    .url({ protocol: /^smpps?$/ })
    .refine((v) => new URL(v).username !== '', 'must name the system_id: smpp://id:password@host')
    .optional(),
  SMS_SENDER_ID: z
    .string()
    .regex(/^(?:[A-Za-z0-9]{1,11}|\+?[0-9]{3,15})$/, 'must be a header (6 letters in India)')
    .optional(),
  SMS_DLT_ENTITY_ID: z
    .string()
    .regex(/^[0-9]{1,30}$/, 'must be the digits of the DLT entity id')
    .optional(),
  SMS_DLT_TEMPLATE_OTP: dltTemplates.optional(),
  // Alerts (a coverage alert, a notification) and the answers to replies: their own templates.
  SMS_DLT_TEMPLATE_ALERT: dltTemplates.optional(),
  SMS_DLT_TEMPLATE_REPLY: dltTemplates.optional(),
  // WhatsApp Business Platform, Cloud API (decision 0069): off unless the four below are set.
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^[0-9]{1,30}$/, 'must be the digits of the phone number id')
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(8, 'must be the app secret').optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
};

type PhoneChannelEnv = z.output<z.ZodObject<typeof phoneChannelEnv>>;

/** An SMPP account at an SMSC or aggregator, and the sender's DLT registration (TRAI). */
export interface SmsSettings {
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
  senderId: string;
  /** DLT principal entity id, sent with every message when set. */
  dltEntityId: string | undefined;
  /** DLT content template ids per message kind: by language, or '*' for every language. */
  dltTemplates: Record<SmsKind, Record<string, string> | undefined>;
}

/** The kinds of text message, each its own DLT template: codes, alerts, answers to replies. */
export type SmsKind = 'otp' | 'alert' | 'reply';

/** A WhatsApp Business phone number on the Cloud API, and the app's webhook secrets. */
export interface WhatsAppSettings {
  /** The Graph API's base, with its version ("https://graph.facebook.com/v21.0"). */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  /** Signs each webhook delivery (X-Hub-Signature-256). */
  appSecret: string;
  /** Answers Meta's verification of the webhook's address. */
  verifyToken: string;
}

const WHATSAPP_REQUIRED = [
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/** Settings that are each valid but do not go together. */
export function phoneChannelProblems(raw: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (raw.SMS_SMPP_URL && !raw.SMS_SENDER_ID)
    problems.push('SMS_SENDER_ID: required with SMS_SMPP_URL');
  const whatsappSet = WHATSAPP_REQUIRED.filter((name) => raw[name]);
  if (whatsappSet.length > 0 && whatsappSet.length < WHATSAPP_REQUIRED.length) {
    problems.push(`${WHATSAPP_REQUIRED.join(', ')}: set all four or none`);
  }
  return problems;
}

export function smsSettings(url: string, e: PhoneChannelEnv): SmsSettings {
  const parsed = new URL(url);
  const tls = parsed.protocol === 'smpps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : tls ? 3550 : 2775,
    tls,
    systemId: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    senderId: e.SMS_SENDER_ID ?? '',
    dltEntityId: e.SMS_DLT_ENTITY_ID,
    dltTemplates: {
      otp: e.SMS_DLT_TEMPLATE_OTP,
      alert: e.SMS_DLT_TEMPLATE_ALERT,
      reply: e.SMS_DLT_TEMPLATE_REPLY,
    },
  };
}

/** The WhatsApp channel's settings, or undefined when it is off. */
export function whatsappSettings(e: PhoneChannelEnv): WhatsAppSettings | undefined {
  if (
    !e.WHATSAPP_TOKEN ||
    !e.WHATSAPP_PHONE_NUMBER_ID ||
    !e.WHATSAPP_APP_SECRET ||
    !e.WHATSAPP_VERIFY_TOKEN
  )
    return undefined;
  return {
    apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
    token: e.WHATSAPP_TOKEN,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
    appSecret: e.WHATSAPP_APP_SECRET,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN,
  };
}
