import { z } from 'zod';
import { chatPerMinuteFromEnv } from '../modules/chat/chat.limits.js';
import { llmSettingsFromEnv, type LlmSettings } from '../modules/chat/chat.llm.js';
import {
  embeddingSettingsFromEnv,
  type EmbeddingSettings,
} from '../modules/chat/chat.embedding.js';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST_DIR, resolveUserPath } from './paths.js';
import {
  phoneChannelEnv,
  phoneChannelProblems,
  smsSettings,
  whatsappSettings,
  type SmsSettings,
  type WhatsAppSettings,
} from './phone-channels.js';

export type { SmsKind, SmsSettings, WhatsAppSettings } from './phone-channels.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads from the environment, with its default. */
/** A comma-separated list of increasing numbers, each checked by `item`. */
function increasingList(item: z.ZodNumber, what: string) {
  return z
    .string()
    .transform((v) => v.split(',').map((x) => Number(x.trim())))
    .pipe(z.array(item).min(1))
    .refine((xs) => xs.every((x, i) => i === 0 || x > xs[i - 1]!), `${what} must increase`);
}
const fractionList = increasingList(z.number().gt(0).lt(1), 'fractions between 0 and 1');
const kmList = increasingList(z.number().gt(0).max(100), 'distances in km');
/** kB in each unit a PostgreSQL memory size may be written in (kB, MB, GB). */
const SIZE_UNITS_KB: Record<string, number> = { kB: 1, MB: 1024, GB: 1024 * 1024 };

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // The embedded database's buffer cache (PostgreSQL's shared_buffers; 128MB when unset): a small
  // installation, or a throwaway test server, starts faster and holds less memory with less.
  // PostgreSQL refuses less than 128kB, and PGlite's memory holds 2GB in all.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'must be a size such as 16MB or 1GB')
    .refine((size) => {
      const kilobytes = Number.parseInt(size, 10) * SIZE_UNITS_KB[size.slice(-2)]!;
      return kilobytes >= 128 && kilobytes <= 1024 * 1024;
    }, 'must be between 128kB and 1GB')
    .optional(),
  // Load shedding: no request waits on the database longer than these (statement: 0 = no limit).
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(200),
  // Slow clients (decision 0020): deadlines for headers and bodies, caps per address and user.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(10_000_000).default(4_096),
  MAX_BODIES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(16),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(128),
  MAX_CONNECTIONS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(8),
  MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(64),
  MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  // Writes are refused below this much free space in DATA_DIR (0 = never): see decision 0018.
  DISK_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR).transform(resolveUserPath),
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR).transform(resolveUserPath),
  // How often the expiry, recurring-donation and coverage jobs run (each is idempotent).
  JOBS_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  COOKIE_SECURE: booleanFlag.optional(),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  SEED_DEMO_HISTORY: booleanFlag.default(true),
  CHAT_WARM_UP: booleanFlag.default(true),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(30),
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  LOGIN_FAILURES_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('AnnaSetu <no-reply@annasetu.local>'),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (a-z, 0-9, dots, hyphens)')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as ap-south-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  // Coverage escalation (decision 0035): fractions of a donation's life, radii, budgets.
  COVERAGE_ALERT_POINTS: fractionList.default([0.3, 0.6]),
  COVERAGE_DONOR_POINT: z.coerce.number().gt(0).lt(1).default(0.8),
  COVERAGE_RADII_KM: kmList.default([5, 10, 20]),
  COVERAGE_DAILY_BUDGET: z.coerce.number().int().min(0).max(1_000).default(10),
  COVERAGE_MAX_PER_ROUND: z.coerce.number().int().min(1).max(10_000).default(20),
  ...phoneChannelEnv,
  SMS_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(1_000),
  SMS_OTP_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(1_000).default(5),
  SMS_OTP_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  SMS_OTP_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  // Unset: the web app shows OpenStreetMap's attribution in the reader's language.
  MAP_TILE_ATTRIBUTION: z.string().optional(),
});

/** The server's configuration, read once at boot. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The address users reach; mail links are built from it only (http://localhost:PORT when unset). */
  publicUrl: string;
  database:
    | { kind: 'pglite'; dataDir: string; sharedBuffers?: string }
    | { kind: 'postgres'; url: string; poolMax: number };
  dataDir: string;
  webDistDir: string;
  logLevel: string;
  /** Period of the background jobs (expiry, recurring donations, coverage). */
  jobsIntervalMs: number;
  logPretty: boolean;
  trustProxy: boolean;
  cookieSecure: boolean;
  seedDemo: 'auto' | 'always' | 'never';
  /** The demo data includes 90 days of generated history (decision 0033). */
  seedDemoHistory: boolean;
  rateLimit: {
    perMinute: number;
    authPer15Min: number;
    loginFailuresPer15Min: number;
    /** Public figures, open data and organisation cards, per address (one window for all). */
    publicPerMinute: number;
  };
  bodyLimitBytes: number;
  mail: { smtpUrl: string | undefined; from: string };
  map: { tileUrl: string; attribution: string | undefined };
  push: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string };
  /** Collection photos go to this S3-compatible bucket; on disk under DATA_DIR when unset. */
  photos: { s3: S3Settings | undefined };
  /** Load shedding: bounded waits for the database and a cap on API requests in progress. */
  overload: {
    dbAcquireTimeoutMs: number;
    dbStatementTimeoutMs: number;
    maxInFlight: number;
    diskMinFreeBytes: number;
  };
  /** GET /metrics: a bearer token, or loopback only when unset. */
  metrics: { token: string | undefined };
  /** Slow or greedy clients: deadlines and caps (decision 0020). */
  clients: ClientLimits;
  /** The assistant: messages per user per minute and the optional language model. */
  /** `warmUp`: build the assistant's index as soon as the server listens (else on first use). */
  chat: {
    perMinute: number;
    llm: LlmSettings | null;
    warmUp: boolean;
    /** A deployer's sentence-embedding model (decision 0073); null: built-in similarity only. */
    embedding: EmbeddingSettings | null;
  };
  /** Coverage escalation of unclaimed volunteer-delivery donations (decision 0035). */
  coverage: CoverageSettings;
  /** The SMS channel over SMPP; undefined when off (no phone sign-in offered). */
  sms: SmsSettings | undefined;
  /** Limits on one-time codes and the SMS spend (apply whether SMS is on or not). */
  otp: OtpLimits;
  /** The WhatsApp channel (Cloud API); undefined when off. */
  whatsapp: WhatsAppSettings | undefined;
}

/** Rate limits on code requests and the daily SMS budget (decision 0060). */
export interface OtpLimits {
  perNumberPerHour: number;
  perAddressPerHour: number;
  perMinute: number;
  /** Text messages (all kinds) sent in 24 hours at most. */
  dailyBudget: number;
}

/** When and how widely unclaimed food is pushed to volunteers, and when its donor is told. */
export interface CoverageSettings {
  /** Fractions of the time from posting to expiry at which volunteers are alerted. */
  alertPoints: number[];
  /** Fraction at which the donor is told it is still unclaimed. */
  donorPoint: number;
  /** Search radius of each alert round, widened within a round when nobody is free nearer. */
  radiiKm: number[];
  /** Most coverage alerts one volunteer gets in 24 hours. */
  dailyBudget: number;
  /** Most volunteers one round alerts (nearest first). */
  maxPerRound: number;
}

/** Deadlines and caps that keep one client from holding the server (decision 0020). */
export interface ClientLimits {
  headersTimeoutMs: number;
  /** A body still arriving after this long is cut unless it keeps the minimum rate. */
  bodyTimeoutMs: number;
  bodyMinBytesPerSecond: number;
  /** Request bodies arriving at once from one client address. */
  maxBodiesPerAddress: number;
  /** Open connections from one socket address (0 = no cap; not applied behind a proxy). */
  maxConnectionsPerAddress: number;
  /** Open connections in all (0 = no cap). */
  maxConnections: number;
  maxStreamsPerUser: number;
  maxStreamsPerAddress: number;
  /** Open live-event streams on this instance in all. */
  maxStreams: number;
}

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...). */
export interface S3Settings {
  bucket: string;
  /** Without an endpoint, AWS S3 in the region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO and most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

/** S3 settings that only make sense together: a bucket needs its keys, keys need a bucket. */
function s3Problems(raw: Record<string, unknown>): string[] {
  const set = (name: string) => raw[name] !== undefined;
  const others = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];
  if (!set('S3_BUCKET')) {
    const stray = others.filter(set);
    return stray.length ? [`S3_BUCKET: required with ${stray.join(', ')}`] : [];
  }
  return ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
    .filter((name) => !set(name))
    .map((name) => `${name}: required with S3_BUCKET`);
}

/** Thrown at boot with every configuration problem at once, so one restart fixes them all. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment; empty strings count as unset. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(raw);
  const problems = [
    ...(parsed.error?.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`) ??
      []),
    ...s3Problems(raw),
  ];
  problems.push(...phoneChannelProblems(raw));
  if (Boolean(raw.VAPID_PUBLIC_KEY) !== Boolean(raw.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
  // The chat module's settings are checked here too, so every problem shows in one list.
  const chatPerMinute = collect(problems, () => chatPerMinuteFromEnv(source));
  const llm = collect(problems, () => llmSettingsFromEnv(source));
  const embedding = collect(problems, () => embeddingSettingsFromEnv(source));
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    // Never the request's Host header: a forged Host must not end up in a mailed link.
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DB_POOL_MAX }
      : {
          kind: 'pglite',
          dataDir: `${e.DATA_DIR}/db`,
          ...(e.PGLITE_SHARED_BUFFERS ? { sharedBuffers: e.PGLITE_SHARED_BUFFERS } : {}),
        },
    dataDir: e.DATA_DIR,
    webDistDir: e.WEB_DIST_DIR,
    logLevel: e.LOG_LEVEL,
    jobsIntervalMs: e.JOBS_INTERVAL_MS,
    logPretty: e.LOG_PRETTY ?? (process.stdout.isTTY === true && e.NODE_ENV !== 'test'),
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? e.PUBLIC_URL?.startsWith('https:') ?? false,
    seedDemo: e.SEED_DEMO === 'true' ? 'always' : e.SEED_DEMO === 'false' ? 'never' : 'auto',
    seedDemoHistory: e.SEED_DEMO_HISTORY,
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      authPer15Min: e.AUTH_RATE_LIMIT_PER_15_MIN,
      loginFailuresPer15Min: e.LOGIN_FAILURES_PER_15_MIN,
      publicPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject:
        e.VAPID_SUBJECT ??
        (e.PUBLIC_URL?.startsWith('https:') ? e.PUBLIC_URL : 'mailto:admin@annasetu.local'),
    },
    photos: {
      s3:
        e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              bucket: e.S3_BUCKET,
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : undefined,
    },
    overload: {
      dbAcquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      maxInFlight: e.MAX_IN_FLIGHT_REQUESTS,
      diskMinFreeBytes: e.DISK_MIN_FREE_MB * 1024 * 1024,
    },
    metrics: { token: e.METRICS_TOKEN },
    clients: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.BODY_TIMEOUT_MS,
      bodyMinBytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND,
      maxBodiesPerAddress: e.MAX_BODIES_PER_ADDRESS,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
      maxConnections: e.MAX_CONNECTIONS,
      maxStreamsPerUser: e.MAX_STREAMS_PER_USER,
      maxStreamsPerAddress: e.MAX_STREAMS_PER_ADDRESS,
      maxStreams: e.MAX_STREAMS,
    },
    chat: {
      perMinute: chatPerMinute ?? 0,
      llm: llm ?? null,
      warmUp: e.CHAT_WARM_UP,
      embedding: embedding ?? null,
    },
    coverage: {
      alertPoints: e.COVERAGE_ALERT_POINTS,
      donorPoint: e.COVERAGE_DONOR_POINT,
      radiiKm: e.COVERAGE_RADII_KM,
      dailyBudget: e.COVERAGE_DAILY_BUDGET,
      maxPerRound: e.COVERAGE_MAX_PER_ROUND,
    },
    sms: e.SMS_SMPP_URL ? smsSettings(e.SMS_SMPP_URL, e) : undefined,
    otp: {
      perNumberPerHour: e.SMS_OTP_PER_NUMBER_PER_HOUR,
      perAddressPerHour: e.SMS_OTP_PER_ADDRESS_PER_HOUR,
      perMinute: e.SMS_OTP_PER_MINUTE,
      dailyBudget: e.SMS_DAILY_BUDGET,
    },
    whatsapp: whatsappSettings(e),
  };
}

/** Runs a settings reader; its error message becomes one more problem in the list. */
function collect<T>(problems: string[], read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
