// The harness of the authorization table (route-table.ts): the callers, the world they act in,
// how a row's call is made and how its answer is judged.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { RegistrableRole, Role } from '@annasetu/domain';
import { rowsOf } from '../db/client.js';
import { hashPassword } from '../modules/auth/passwords.js';
import type { OtpDeps } from '../modules/auth/otp.service.js';
import { insertUser } from '../modules/users/users.queries.js';
import { CapturingMailer, createTestApp, TestClient, type TestApp } from './build-app.js';
import { ContractCheck } from './contract.js';
import { TestSmsc } from '@annasetu/test-kit/smsc';
import { registrationFor } from './factories.js';

/** The callers every row has: nobody signed in, one user of each role with no tie to the fixture. */
export const ROLE_COLUMNS = [
  'anonymous',
  'restaurant',
  'individual',
  'mess',
  'foodbank',
  'nursery',
  'poultry',
  'volunteer',
  'admin',
] as const;

export type RoleColumn = (typeof ROLE_COLUMNS)[number];

/**
 * Callers tied to the fixture: the donor (restaurant) who posted the donation, the food bank that
 * requested it, the volunteer carrying it, the nursery the food was taken to, and the owner of a
 * notification or push subscription (the donor's account).
 */
export const RELATIONS = ['donor', 'requester', 'carrier', 'destination', 'owner'] as const;

export type Relation = (typeof RELATIONS)[number];

export type Caller = RoleColumn | Relation;

/**
 * An HTTP status, or for lists: 'sees' (200 and the fixture's item is in the answer) and
 * 'hidden' (200 and it is not).
 */
export type Outcome = number | 'sees' | 'hidden';

export type Columns = [
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
];

/** Ids a fixture made. */
export interface Fixture {
  donationId?: string;
  requestId?: string;
  seriesId?: string;
  notificationId?: string;
  photoId?: string;
  endpoint?: string;
  userId?: string;
  email?: string;
  phone?: string;
  token?: string;
}

export interface Response {
  statusCode: number;
  body: string;
}

export interface Row {
  /** `METHOD /path` as the OpenAPI description names it. */
  route: string;
  scenario?: string;
  /** Builds what the call acts on. Absent: the call needs nothing. */
  fixture?: (w: World) => Promise<Fixture>;
  /**
   * Callers expected to succeed get a fixture of their own when the call changes it (default
   * for unsafe methods), so one caller's success cannot change another's answer.
   */
  freshPerSuccess?: boolean;
  /**
   * 'session': the call signs in or out, so it runs on a new session of the caller's account.
   * 'account': the call deletes the account, so it runs as a new user of the caller's role.
   */
  needs?: 'session' | 'account';
  call: (client: TestClient, f: Fixture, w: World) => Promise<Response>;
  /** For 'sees' / 'hidden': the id that must (not) appear in the answer. */
  item?: (f: Fixture) => string;
  /** Answers for anonymous, restaurant, individual, mess, foodbank, nursery, poultry, volunteer, admin. */
  roles: Columns;
  relations?: Partial<Record<Relation, Outcome>>;
}

export interface Actor {
  client: TestClient;
  id: string;
  email: string;
  password: string;
  role: Role;
}

/** One app, its users, and helpers the rows use. */
export interface World {
  t: TestApp;
  app: FastifyInstance;
  baseUrl: string;
  mailer: CapturingMailer;
  actors: Record<Exclude<Caller, 'anonymous'>, Actor>;
  passwordHash: string;
  /** Every answer checked against the served API description (test/contract.ts). */
  contract: ContractCheck;
  /** The SMSC on loopback the app texts one-time codes to. */
  smsc: TestSmsc;
}

export const PASSWORD = 'secret123';

export const NO_ONE = '00000000-0000-4000-8000-000000000001';

/** Builds the app (listening, for the event stream) and signs in every caller. */
export async function createWorld(env: Record<string, string> = {}): Promise<World> {
  const mailer = new CapturingMailer();
  const contract = new ContractCheck();
  const smsc = await TestSmsc.start();
  const t = await createTestApp(
    {
      SMS_SMPP_URL: smsc.url,
      SMS_SENDER_ID: 'ANNSTU',
      SMS_OTP_PER_NUMBER_PER_HOUR: '1000',
      SMS_OTP_PER_ADDRESS_PER_HOUR: '100000',
      SMS_OTP_PER_MINUTE: '100000',
      // Hostile input asks for many codes; the budget's own refusal is tested in otp.test.ts.
      SMS_DAILY_BUDGET: '1000000',
      ...env,
    },
    { mailer, contract },
  );
  await t.app.sms?.client.whenBound(10_000);
  const closeApp = t.close.bind(t);
  t.close = async () => {
    await closeApp();
    await smsc.close();
  };
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const passwordHash = await hashPassword(PASSWORD);
  const w = { t, app: t.app, baseUrl, mailer, passwordHash, contract, smsc } as World;
  const actors = {} as Record<string, Actor>;
  for (const role of [
    'restaurant',
    'individual',
    'mess',
    'foodbank',
    'nursery',
    'poultry',
    'volunteer',
  ] as const) {
    actors[role] = await newAccount(w, role);
  }
  actors.admin = await newAccount(w, 'admin');
  actors.donor = await newAccount(w, 'restaurant');
  actors.owner = actors.donor;
  actors.requester = await newAccount(w, 'foodbank');
  actors.carrier = await newAccount(w, 'volunteer');
  actors.destination = await newAccount(w, 'nursery');
  w.actors = actors as World['actors'];
  return w;
}

/** A new user of `role` (admins too: they are never self-registered), signed in. */
export async function newAccount(w: World, role: Role): Promise<Actor> {
  const body = registrationFor(role === 'admin' ? 'restaurant' : (role as RegistrableRole));
  const user = await insertUser(w.app.database.db, {
    email: body.email,
    passwordHash: w.passwordHash,
    role,
    name: body.name,
    phone: body.phone,
    address: body.address,
    organizationName: body.organizationName,
    // Volunteers have passed the hygiene course, as every one does before a first grab.
    hygienePassedAt: role === 'volunteer' ? new Date() : null,
  });
  const actor = {
    client: new TestClient(w.app),
    id: user!.id,
    email: body.email,
    password: PASSWORD,
    role,
  };
  await signIn(actor);
  return actor;
}

export async function signIn(actor: Actor): Promise<void> {
  const response = await actor.client.post('/api/auth/login', {
    email: actor.email,
    password: actor.password,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
}

/** Another session of the same account, on a client of its own. */
export async function newSession(w: World, actor: Actor): Promise<TestClient> {
  const copy = { ...actor, client: new TestClient(w.app) };
  await signIn(copy);
  return copy.client;
}

/** The client a row's caller uses. */
export async function clientFor(w: World, row: Row, caller: Caller): Promise<TestClient> {
  if (caller === 'anonymous') return new TestClient(w.app);
  const actor = w.actors[caller];
  if (row.needs === 'account') return (await newAccount(w, actor.role)).client;
  if (row.needs === 'session') return newSession(w, actor);
  return actor.client;
}

/** Checks a response against an outcome; returns a description of the difference, or null. */
export function judge(row: Row, f: Fixture, expected: Outcome, response: Response): string | null {
  const got = `${response.statusCode} ${codeOf(response) ?? ''}`.trim();
  if (typeof expected === 'number') {
    return response.statusCode === expected ? null : `expected ${expected}, got ${got}`;
  }
  if (response.statusCode !== 200) return `expected 200 (${expected}), got ${got}`;
  const seen = response.body.includes(row.item!(f));
  if (expected === 'sees' && !seen) return 'expected to see the item, it is missing';
  if (expected === 'hidden' && seen) return 'expected the item hidden, it is shown';
  return null;
}

export function codeOf(response: Response): string | undefined {
  try {
    const parsed = JSON.parse(response.body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

export const isSuccess = (o: Outcome) => typeof o !== 'number' || (o >= 200 && o < 300);

export const methodOf = (row: Row) => row.route.split(' ')[0]!;

export const isUnsafe = (row: Row) => !['GET', 'HEAD', 'OPTIONS'].includes(methodOf(row));

/** Every caller of a row with its expected outcome. */
export function expectations(row: Row): Array<[Caller, Outcome]> {
  return [
    ...ROLE_COLUMNS.map((c, i) => [c, row.roles[i]!] as [Caller, Outcome]),
    ...Object.entries(row.relations ?? {}).map(([c, o]) => [c, o] as [Caller, Outcome]),
  ];
}

/** The fixture a caller gets: its own when it is expected to succeed at a changing call. */
export async function fixtureFor(
  w: World,
  row: Row,
  expected: Outcome,
  shared: Fixture,
): Promise<Fixture> {
  const fresh = row.freshPerSuccess ?? isUnsafe(row);
  if (row.fixture && fresh && isSuccess(expected)) return row.fixture(w);
  return shared;
}

/**
 * A digest of everything a refused call could have changed: users, donations, requests,
 * collections, uploads, push subscriptions whole, and notifications and events by count.
 */
export async function fingerprint(w: World): Promise<string> {
  const [row] = rowsOf<Record<string, unknown>>(
    await w.app.database.db.execute(sql`select
      (select md5(coalesce(string_agg(u::text, '|' order by u.id), '')) from users u) as users,
      (select md5(coalesce(string_agg(d::text, '|' order by d.id), '')) from donations d) as donations,
      (select md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from requests r) as requests,
      (select md5(coalesce(string_agg(c::text, '|' order by c.id), '')) from collections c) as collections,
      (select md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from uploads p) as uploads,
      (select md5(coalesce(string_agg(s::text, '|' order by s.id), '')) from donation_series s) as series,
      (select count(*)::int from series_occurrences) as occurrences,
      (select md5(coalesce(string_agg(a::text, '|' order by a.user_id), '')) from volunteer_availability a) as availability,
      (select md5(coalesce(string_agg(k::text, '|' order by k.user_id), '')) from calendar_feeds k) as calendar,
      (select count(*)::int from push_subscriptions) as push,
      (select count(*)::int from notifications) as notifications,
      (select count(*)::int from notifications where is_read) as read,
      (select count(*)::int from events) as events,
      (select count(*)::int from password_resets where used_at is null) as resets`),
  );
  return JSON.stringify(row);
}

// ---------------------------------------------------------------------------------------------
// Calls

export const json = (response: { statusCode: number; body: string }): Response => ({
  statusCode: response.statusCode,
  body: response.body,
});

export function send(c: TestClient, method: string, url: string, payload?: unknown) {
  return c
    .request({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    })
    .then(json);
}

export const uid = () => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

export let photoBytes: Buffer | undefined;

export async function photoForm(): Promise<{ body: Buffer; contentType: string }> {
  photoBytes ??= await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#c96' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photoBytes)], { type: 'image/jpeg' }), 'food.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

export async function uploadPhoto(c: TestClient): Promise<Response> {
  const { body, contentType } = await photoForm();
  return c
    .request({
      method: 'POST',
      url: '/api/uploads/photos',
      payload: body,
      headers: { 'content-type': contentType },
    })
    .then(json);
}

/** A browser-shaped push subscription with a unique endpoint nobody listens on. */
export function subscription() {
  return {
    endpoint: `https://127.0.0.1:9/push/${uid()}`,
    expirationTime: null,
    keys: {
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
    },
  };
}

/** A fixture step that must succeed; `pick` reads what the next step needs from the answer. */
export async function must<T>(
  response: Promise<Response>,
  status: number,
  // Answers are read by path here; their shapes are checked by each module's own tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  pick: (body: any) => T,
): Promise<T> {
  const r = await response;
  if (r.statusCode !== status) throw new Error(`fixture step failed: ${r.statusCode} ${r.body}`);
  return pick(JSON.parse(r.body));
}

// The columns of a row:
//            anon  rest  indi  mess  fdbk  nurs  poul  volu  admin
export const all = (s: Outcome): Columns => [s, s, s, s, s, s, s, s, s];

export const signedIn = (s: Outcome): Columns => [401, s, s, s, s, s, s, s, s];

export const adminOnly: Columns = [401, 403, 403, 403, 403, 403, 403, 403, 200];

export const DONORS_POST: Columns = [401, 201, 201, 201, 403, 403, 403, 403, 403];

export const nobody = (status: number): Columns => [
  401,
  status,
  status,
  status,
  status,
  status,
  status,
  status,
  status,
];

/** What the one-time code services need, from the world's app. */
export function otpDeps(w: World): OtpDeps {
  return {
    database: w.app.database,
    counters: w.app.counters,
    sms: w.app.sms,
    whatsapp: w.app.whatsapp,
    limits: w.t.config.otp,
    logger: w.app.log,
  };
}
