import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { RegistrableRole, Role } from '@annasetu/domain';
import { rowsOf } from '../db/client.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { insertPasswordReset } from '../modules/auth/password-resets.queries.js';
import { hashToken } from '../plugins/session.js';
import { insertUser } from '../modules/users/users.queries.js';
import { CapturingMailer, createTestApp, TestClient, type TestApp } from './build-app.js';
import { donationInput, registrationFor } from './factories.js';

// Who may call what, as one table: every API route x every caller -> the answer the product
// rules give. authz-table.test.ts runs it; csrf-headers.test.ts replays every unsafe call
// without its CSRF token. Expected answers come from the product rules (seed and product spec),
// not from what the server happens to return.

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
type Columns = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

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
}

const PASSWORD = 'secret123';
const NO_ONE = '00000000-0000-4000-8000-000000000001';

/** Builds the app (listening, for the event stream) and signs in every caller. */
export async function createWorld(env: Record<string, string> = {}): Promise<World> {
  const mailer = new CapturingMailer();
  const t = await createTestApp(env, { mailer });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const passwordHash = await hashPassword(PASSWORD);
  const w = { t, app: t.app, baseUrl, mailer, passwordHash } as World;
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

async function signIn(actor: Actor): Promise<void> {
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

const json = (response: { statusCode: number; body: string }): Response => ({
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

const uid = () => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

let photoBytes: Buffer | undefined;
async function photoForm(): Promise<{ body: Buffer; contentType: string }> {
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

async function uploadPhoto(c: TestClient): Promise<Response> {
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
function subscription() {
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

// ---------------------------------------------------------------------------------------------
// Fixtures: each builds the workflow up to one state through the API, as its users would.

/** A pending donation for volunteer delivery, posted by the donor. */
export async function pending(w: World): Promise<Fixture> {
  const donationId = await must(
    send(w.actors.donor.client, 'POST', '/api/donations', donationInput()),
    201,
    (b) => b.donation.id as string,
  );
  return { donationId };
}

const SERIES_INPUT = {
  template: { cuisine: 'North Indian', foodType: 'Dal and rice', vegType: 'veg', quantity: 30 },
  schedule: { frequency: 'daily', timeOfDay: '21:00' },
};

/** The donor's recurring donation, posting daily at 21:00. */
async function series(w: World): Promise<Fixture> {
  const seriesId = await must(
    send(w.actors.donor.client, 'POST', '/api/series', SERIES_INPUT),
    201,
    (b) => b.series.id as string,
  );
  return { seriesId };
}

/** The donor's public impact card, switched on (its slug). */
async function publicCard(w: World): Promise<Fixture> {
  return {
    token: await must(
      send(w.actors.donor.client, 'PATCH', '/api/me', { publicImpact: true }),
      200,
      (b) => b.user.publicSlug as string,
    ),
  };
}

/** The donor's calendar feed address (its token). */
async function calendarFeed(w: World): Promise<Fixture> {
  const url = await must(
    send(w.actors.donor.client, 'POST', '/api/calendar'),
    200,
    (b) => b.feed.url as string,
  );
  return {
    token: url
      .split('/')
      .pop()!
      .replace(/\.ics$/, ''),
  };
}

/** ... and the food bank's pending request for it (the donor is notified). */
export async function requested(w: World): Promise<Fixture> {
  const { donationId } = await pending(w);
  const requestId = await must(
    send(w.actors.requester.client, 'POST', `/api/donations/${donationId}/requests`, {}),
    201,
    (b) => b.request.id as string,
  );
  return { donationId, requestId };
}

/** ... accepted by the donor, and grabbed by the volunteer, who now carries that request. */
export async function grabbed(w: World): Promise<Fixture> {
  const { donationId, requestId } = await requested(w);
  await must(
    send(w.actors.donor.client, 'POST', `/api/requests/${requestId}/accept`),
    200,
    () => 0,
  );
  const carried = await must(
    send(w.actors.carrier.client, 'POST', `/api/donations/${donationId}/grab`),
    201,
    (b) => b.request.id as string,
  );
  if (carried !== requestId) throw new Error('the grab did not route the accepted request');
  return { donationId, requestId };
}

/**
 * ... collected with a photo: the food was not fit for people, so the volunteer takes it to the
 * nursery (the destination) and the food bank that asked (the requester) is told.
 */
export async function collected(w: World): Promise<Fixture> {
  const { donationId, requestId } = await grabbed(w);
  const photoId = await must(uploadPhoto(w.actors.carrier.client), 201, (b) => b.photoId as string);
  await must(
    send(w.actors.carrier.client, 'POST', '/api/collections', {
      donationId,
      requestId,
      quality: 'bad',
      destinationType: 'nursery',
      destinationUserId: w.actors.destination.id,
      photoId,
    }),
    201,
    () => 0,
  );
  return { donationId, requestId, photoId };
}

/** A self delivery: the donor takes the food to the nursery; the request starts accepted. */
export async function selfDelivery(w: World): Promise<Fixture> {
  return must(
    send(
      w.actors.donor.client,
      'POST',
      '/api/donations',
      donationInput({
        deliveryMethod: 'self',
        destinationType: 'nursery',
        destinationUserId: w.actors.destination.id,
      }),
    ),
    201,
    (b) => ({ donationId: b.donation.id as string, requestId: b.request.id as string }),
  );
}

/** A notification of the owner's: the food bank's request reaches the donor. */
async function notification(w: World): Promise<Fixture> {
  const { requestId } = await requested(w);
  const notificationId = await must(
    send(w.actors.owner.client, 'GET', '/api/notifications?type=donation_request&limit=5'),
    200,
    (b) =>
      (b.items as Array<{ id: string; data: { requestId?: string } }>).find(
        (n) => n.data.requestId === requestId,
      )?.id,
  );
  if (!notificationId) throw new Error('the donor was not notified');
  return { notificationId };
}

/** A push subscription of the owner's browser. */
async function pushSubscription(w: World): Promise<Fixture> {
  const body = subscription();
  await must(send(w.actors.owner.client, 'POST', '/api/push/subscriptions', body), 201, () => 0);
  return { endpoint: body.endpoint };
}

/** A photo the carrying volunteer uploaded and has not attached yet. */
async function loosePhoto(w: World): Promise<Fixture> {
  return {
    photoId: await must(uploadPhoto(w.actors.carrier.client), 201, (b) => b.photoId as string),
  };
}

/** A user with no part in anything, for the admin console to act on. */
async function bystander(w: World): Promise<Fixture> {
  const body = registrationFor('individual');
  const user = await insertUser(w.app.database.db, {
    email: body.email,
    passwordHash: w.passwordHash,
    role: 'individual',
    name: body.name,
    phone: body.phone,
    address: body.address,
  });
  return { userId: user!.id, email: body.email };
}

/** A live password-reset token for a bystander (as if read from the mailed link). */
async function resetToken(w: World): Promise<Fixture> {
  const { userId } = await bystander(w);
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(w.app.database.db, {
    tokenHash: hashToken(token),
    userId: userId!,
    expiresAt: new Date(Date.now() + 60 * 60_000),
  });
  return { userId, token };
}

/** Opens the event stream over real HTTP (inject cannot stream), reads the status, closes. */
async function openEvents(c: TestClient, w: World): Promise<Response> {
  const controller = new AbortController();
  const response = await fetch(`${w.baseUrl}/api/events`, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    signal: controller.signal,
  });
  const body = response.status === 200 ? '' : await response.text();
  controller.abort();
  return { statusCode: response.status, body };
}

// ---------------------------------------------------------------------------------------------
// The table.
//
//            anon  rest  indi  mess  fdbk  nurs  poul  volu  admin
const all = (s: Outcome): Columns => [s, s, s, s, s, s, s, s, s];
const signedIn = (s: Outcome): Columns => [401, s, s, s, s, s, s, s, s];
const adminOnly: Columns = [401, 403, 403, 403, 403, 403, 403, 403, 200];
const DONORS_POST: Columns = [401, 201, 201, 201, 403, 403, 403, 403, 403];
const nobody = (status: number): Columns => [
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

export const ROWS: Row[] = [
  // Public
  { route: 'GET /api/health', roles: all(200), call: (c) => send(c, 'GET', '/api/health') },
  {
    route: 'POST /api/auth/register',
    needs: 'session',
    roles: all(201),
    call: (c) => send(c, 'POST', '/api/auth/register', registrationFor('individual')),
  },
  {
    route: 'POST /api/auth/login',
    needs: 'session',
    fixture: bystander,
    roles: all(200),
    call: (c, f) => send(c, 'POST', '/api/auth/login', { email: f.email, password: PASSWORD }),
  },
  {
    route: 'POST /api/auth/login',
    scenario: 'a screen that lets only admins in',
    needs: 'session',
    fixture: bystander,
    roles: all(403),
    call: (c, f) =>
      send(c, 'POST', '/api/auth/login', {
        email: f.email,
        password: PASSWORD,
        allowedRoles: ['admin'],
      }),
  },
  {
    route: 'POST /api/auth/logout',
    needs: 'session',
    roles: all(204),
    call: (c) => send(c, 'POST', '/api/auth/logout'),
  },
  {
    route: 'POST /api/auth/forgot-password',
    fixture: bystander,
    roles: all(202),
    call: async (c, f, w) => {
      // Wait for the mail: the work goes on after the answer, and must not overlap the next call.
      const before = w.mailer.sent.length;
      const response = await send(c, 'POST', '/api/auth/forgot-password', { email: f.email });
      if (response.statusCode === 202) await w.mailer.waitFor(before + 1);
      return response;
    },
  },
  {
    route: 'POST /api/auth/reset-password',
    fixture: resetToken,
    roles: all(204),
    call: (c, f) =>
      send(c, 'POST', '/api/auth/reset-password', {
        token: f.token,
        password: 'new-secret-1',
        confirmPassword: 'new-secret-1',
      }),
  },
  {
    route: 'GET /api/push/public-key',
    roles: all(200),
    call: (c) => send(c, 'GET', '/api/push/public-key'),
  },

  // My account
  { route: 'GET /api/me', roles: signedIn(200), call: (c) => send(c, 'GET', '/api/me') },
  {
    route: 'PATCH /api/me',
    roles: signedIn(200),
    call: (c) => send(c, 'PATCH', '/api/me', { phone: '+91 98765 43210' }),
  },
  {
    route: 'DELETE /api/me',
    needs: 'account',
    roles: signedIn(204),
    call: (c) => send(c, 'DELETE', '/api/me', { password: PASSWORD }),
  },
  {
    route: 'GET /api/me/export',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/me/export'),
  },
  {
    route: 'GET /api/users',
    scenario: 'receivers (destination pickers)',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/users?role=foodbank'),
  },
  {
    route: 'GET /api/users',
    scenario: 'donors',
    roles: adminOnly,
    call: (c) => send(c, 'GET', '/api/users?role=restaurant'),
  },

  // Donations
  {
    route: 'POST /api/donations',
    scenario: 'volunteer delivery',
    roles: DONORS_POST,
    call: (c) => send(c, 'POST', '/api/donations', donationInput()),
  },
  {
    route: 'POST /api/donations',
    scenario: 'self delivery to a nursery',
    roles: DONORS_POST,
    call: (c, _f, w) =>
      send(
        c,
        'POST',
        '/api/donations',
        donationInput({
          deliveryMethod: 'self',
          destinationType: 'nursery',
          destinationUserId: w.actors.destination.id,
        }),
      ),
  },
  {
    route: 'GET /api/donations/mine',
    fixture: pending,
    item: (f) => f.donationId!,
    //       anon  rest      indi      mess      fdbk nurs poul volu admin
    roles: [401, 'hidden', 'hidden', 'hidden', 403, 403, 403, 403, 403],
    relations: { donor: 'sees' },
    call: (c) => send(c, 'GET', '/api/donations/mine?limit=100'),
  },
  {
    route: 'GET /api/donations/available',
    fixture: pending,
    item: (f) => f.donationId!,
    roles: [401, 403, 'sees', 403, 'sees', 'sees', 'sees', 'sees', 'sees'],
    relations: { donor: 403 },
    call: (c) => send(c, 'GET', '/api/donations/available?sort=newest&limit=100'),
  },
  {
    route: 'GET /api/donations/{id}',
    scenario: 'pending: in the feeds',
    fixture: pending,
    roles: [401, 404, 200, 404, 200, 200, 200, 200, 200],
    relations: { donor: 200 },
    call: (c, f) => send(c, 'GET', `/api/donations/${f.donationId}`),
  },
  {
    route: 'GET /api/donations/{id}',
    scenario: 'collected: only those involved',
    fixture: collected,
    roles: [401, 404, 404, 404, 404, 404, 404, 404, 200],
    relations: { donor: 200, requester: 200, carrier: 200, destination: 200 },
    call: (c, f) => send(c, 'GET', `/api/donations/${f.donationId}`),
  },
  {
    route: 'DELETE /api/donations/{id}',
    fixture: pending,
    roles: nobody(403),
    relations: { donor: 204 },
    call: (c, f) => send(c, 'DELETE', `/api/donations/${f.donationId}`),
  },
  {
    route: 'POST /api/donations/{id}/self-delivery',
    fixture: pending,
    roles: nobody(403),
    relations: { donor: 200 },
    call: (c, f, w) =>
      send(c, 'POST', `/api/donations/${f.donationId}/self-delivery`, {
        destinationType: 'nursery',
        destinationUserId: w.actors.destination.id,
      }),
  },
  {
    route: 'POST /api/donations/{id}/extend',
    fixture: pending,
    roles: nobody(403),
    relations: { donor: 200 },
    call: (c, f) => send(c, 'POST', `/api/donations/${f.donationId}/extend`, { hours: 2 }),
  },
  {
    route: 'POST /api/donations/{id}/requests',
    fixture: pending,
    roles: [401, 403, 201, 403, 201, 201, 201, 403, 403],
    relations: { donor: 403 },
    call: (c, f) => send(c, 'POST', `/api/donations/${f.donationId}/requests`, {}),
  },

  // Recurring donations: a donor's own series only; another donor's is not found.
  {
    route: 'GET /api/series',
    fixture: series,
    item: (f) => f.seriesId!,
    roles: [401, 'hidden', 'hidden', 'hidden', 403, 403, 403, 403, 403],
    relations: { donor: 'sees' },
    call: (c) => send(c, 'GET', '/api/series'),
  },
  {
    route: 'POST /api/series',
    roles: DONORS_POST,
    call: (c) => send(c, 'POST', '/api/series', SERIES_INPUT),
  },
  {
    route: 'PATCH /api/series/{id}',
    fixture: series,
    roles: [401, 404, 404, 404, 403, 403, 403, 403, 403],
    relations: { donor: 200 },
    call: (c, f) => send(c, 'PATCH', `/api/series/${f.seriesId}`, { status: 'paused' }),
  },
  {
    route: 'POST /api/series/{id}/skip',
    fixture: series,
    roles: [401, 404, 404, 404, 403, 403, 403, 403, 403],
    relations: { donor: 200 },
    call: (c, f) => send(c, 'POST', `/api/series/${f.seriesId}/skip`, {}),
  },
  {
    route: 'POST /api/series/{id}/keep',
    fixture: series,
    roles: [401, 404, 404, 404, 403, 403, 403, 403, 403],
    relations: { donor: 200 },
    call: (c, f) => send(c, 'POST', `/api/series/${f.seriesId}/keep`),
  },
  {
    route: 'DELETE /api/series/{id}',
    fixture: series,
    roles: [401, 404, 404, 404, 403, 403, 403, 403, 403],
    relations: { donor: 204 },
    call: (c, f) => send(c, 'DELETE', `/api/series/${f.seriesId}`),
  },

  // A volunteer's availability and pickup cap: their own only.
  {
    route: 'GET /api/availability',
    roles: [401, 403, 403, 403, 403, 403, 403, 200, 403],
    call: (c) => send(c, 'GET', '/api/availability'),
  },
  {
    route: 'PUT /api/availability',
    roles: [401, 403, 403, 403, 403, 403, 403, 200, 403],
    call: (c) =>
      send(c, 'PUT', '/api/availability', {
        weekdays: ['MO', 'TU'],
        fromTime: '17:00',
        toTime: '23:00',
        radiusKm: 10,
        maxPickupsPerDay: 3,
      }),
  },

  // Calendar feeds: anyone signed in manages their own; the secret address is the credential.
  {
    route: 'GET /api/calendar',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/calendar'),
  },
  {
    route: 'POST /api/calendar',
    roles: signedIn(200),
    call: (c) => send(c, 'POST', '/api/calendar'),
  },
  {
    route: 'DELETE /api/calendar',
    roles: signedIn(204),
    call: (c) => send(c, 'DELETE', '/api/calendar'),
  },
  {
    route: 'GET /api/calendar/{file}',
    scenario: 'unknown address',
    roles: all(404),
    call: (c) => send(c, 'GET', `/api/calendar/${uid()}${uid()}.ics`),
  },
  {
    route: 'GET /api/calendar/{file}',
    scenario: "the donor's secret address, whoever holds it",
    fixture: calendarFeed,
    roles: all(200),
    call: (c, f) => send(c, 'GET', `/api/calendar/${f.token}.ics`),
  },

  // Public figures, open data and organisation cards: anyone, signed in or not.
  {
    route: 'GET /api/public/impact',
    roles: all(200),
    call: (c) => send(c, 'GET', '/api/public/impact?range=90d'),
  },
  {
    route: 'GET /api/public/impact.csv',
    roles: all(200),
    call: (c) => send(c, 'GET', '/api/public/impact.csv?range=all&table=cells'),
  },
  {
    route: 'GET /api/public/orgs/{slug}',
    scenario: 'unknown or switched off',
    roles: all(404),
    call: (c) => send(c, 'GET', `/api/public/orgs/${uid()}`),
  },
  {
    route: 'GET /api/public/orgs/{slug}',
    scenario: "the donor's card, switched on",
    fixture: publicCard,
    roles: all(200),
    call: (c, f) => send(c, 'GET', `/api/public/orgs/${f.token}`),
  },
  {
    route: 'GET /api/public/orgs/{slug}/badge.svg',
    scenario: 'unknown or switched off',
    roles: all(404),
    call: (c) => send(c, 'GET', `/api/public/orgs/${uid()}/badge.svg`),
  },
  {
    route: 'GET /api/public/orgs/{slug}/badge.svg',
    scenario: "the donor's badge, switched on",
    fixture: publicCard,
    roles: all(200),
    call: (c, f) => send(c, 'GET', `/api/public/orgs/${f.token}/badge.svg?lang=hi`),
  },

  // Requests and the workflow
  {
    route: 'GET /api/requests',
    fixture: collected,
    item: (f) => f.requestId!,
    roles: [401, 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'sees'],
    relations: { donor: 'sees', requester: 'sees', carrier: 'sees', destination: 'sees' },
    call: (c, f) => send(c, 'GET', `/api/requests?filter=all&donationId=${f.donationId}`),
  },
  {
    route: 'GET /api/requests/incoming',
    fixture: collected,
    item: (f) => f.requestId!,
    roles: [401, 403, 'hidden', 403, 'hidden', 'hidden', 'hidden', 403, 403],
    relations: { destination: 'sees', requester: 'hidden', donor: 403, carrier: 403 },
    call: (c) => send(c, 'GET', '/api/requests/incoming'),
  },
  {
    route: 'POST /api/requests/{id}/accept',
    fixture: requested,
    roles: nobody(403),
    relations: { donor: 200, requester: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/accept`),
  },
  {
    route: 'POST /api/requests/{id}/reject',
    fixture: requested,
    roles: nobody(403),
    relations: { donor: 200, requester: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/reject`),
  },
  {
    route: 'DELETE /api/requests/{id}',
    fixture: requested,
    roles: nobody(403),
    relations: { requester: 204, donor: 403 },
    call: (c, f) => send(c, 'DELETE', `/api/requests/${f.requestId}`),
  },
  {
    route: 'POST /api/donations/{id}/grab',
    fixture: pending,
    roles: [401, 403, 403, 403, 403, 403, 403, 201, 403],
    relations: { donor: 403 },
    call: (c, f) => send(c, 'POST', `/api/donations/${f.donationId}/grab`),
  },
  {
    route: 'POST /api/donations/{id}/release',
    fixture: grabbed,
    roles: nobody(403),
    relations: { carrier: 204, donor: 403, requester: 403 },
    call: (c, f) =>
      send(c, 'POST', `/api/donations/${f.donationId}/release`, { reason: 'Bike broke down' }),
  },
  {
    route: 'POST /api/collections',
    fixture: grabbed,
    roles: nobody(403),
    relations: { carrier: 201, donor: 403, requester: 403, destination: 403 },
    call: (c, f, w) =>
      send(c, 'POST', '/api/collections', {
        donationId: f.donationId,
        requestId: f.requestId,
        quality: 'bad',
        destinationType: 'nursery',
        destinationUserId: w.actors.destination.id,
      }),
  },
  {
    route: 'POST /api/collections',
    scenario: "with another volunteer's photo",
    fixture: async (w) => ({
      ...(await grabbed(w)),
      photoId: await must(uploadPhoto(w.actors.volunteer.client), 201, (b) => b.photoId as string),
    }),
    roles: nobody(403),
    relations: { carrier: 400 },
    call: (c, f, w) =>
      send(c, 'POST', '/api/collections', {
        donationId: f.donationId,
        requestId: f.requestId,
        quality: 'bad',
        destinationType: 'nursery',
        destinationUserId: w.actors.destination.id,
        photoId: f.photoId,
      }),
  },
  {
    route: 'POST /api/requests/{id}/complete',
    fixture: collected,
    roles: nobody(403),
    relations: { carrier: 200, donor: 403, requester: 403, destination: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/complete`),
  },
  {
    route: 'POST /api/requests/{id}/accept-delivery',
    scenario: 'collected by a volunteer',
    fixture: collected,
    roles: nobody(403),
    relations: { destination: 200, requester: 403, donor: 403, carrier: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/accept-delivery`),
  },
  {
    route: 'POST /api/requests/{id}/accept-delivery',
    scenario: 'self delivery',
    fixture: selfDelivery,
    roles: nobody(403),
    relations: { destination: 200, donor: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/accept-delivery`),
  },
  {
    route: 'POST /api/requests/{id}/confirm-receipt',
    scenario: 'collected by a volunteer',
    fixture: collected,
    roles: nobody(403),
    relations: { destination: 200, requester: 403, donor: 403, carrier: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/confirm-receipt`, {}),
  },
  {
    route: 'POST /api/requests/{id}/confirm-receipt',
    scenario: 'self delivery',
    fixture: selfDelivery,
    roles: nobody(403),
    relations: { destination: 200, donor: 403 },
    call: (c, f) =>
      send(c, 'POST', `/api/requests/${f.requestId}/confirm-receipt`, {
        quality: 'good',
        notes: 'Still warm',
      }),
  },

  // Photos
  {
    route: 'POST /api/uploads/photos',
    roles: [401, 403, 403, 403, 403, 403, 403, 201, 403],
    relations: { carrier: 201, donor: 403, destination: 403 },
    call: (c) => uploadPhoto(c),
  },
  {
    route: 'GET /api/uploads/photos/{id}',
    scenario: 'attached to a collection',
    fixture: collected,
    roles: [401, 404, 404, 404, 404, 404, 404, 404, 200],
    relations: { carrier: 200, donor: 200, destination: 200, requester: 404 },
    call: (c, f) => send(c, 'GET', `/api/uploads/photos/${f.photoId}`),
  },
  {
    route: 'GET /api/uploads/photos/{id}',
    scenario: 'not attached yet',
    fixture: loosePhoto,
    roles: [401, 404, 404, 404, 404, 404, 404, 404, 200],
    relations: { carrier: 200, donor: 404 },
    call: (c, f) => send(c, 'GET', `/api/uploads/photos/${f.photoId}`),
  },

  {
    route: 'GET /api/uploads/requests/{id}/photo',
    fixture: collected,
    roles: [401, 404, 404, 404, 404, 404, 404, 404, 200],
    relations: { carrier: 200, donor: 200, destination: 200, requester: 404 },
    call: (c, f) => send(c, 'GET', `/api/uploads/requests/${f.requestId}/photo`),
  },
  {
    route: 'DELETE /api/uploads/photos/{id}',
    scenario: 'not attached yet',
    fixture: loosePhoto,
    roles: [401, 403, 403, 403, 403, 403, 403, 404, 403],
    relations: { carrier: 204, donor: 403 },
    call: (c, f) => send(c, 'DELETE', `/api/uploads/photos/${f.photoId}`),
  },
  {
    route: 'DELETE /api/uploads/photos/{id}',
    scenario: 'attached to a collection: kept as the record',
    fixture: collected,
    roles: [401, 403, 403, 403, 403, 403, 403, 404, 403],
    relations: { carrier: 404, donor: 403, destination: 403 },
    call: (c, f) => send(c, 'DELETE', `/api/uploads/photos/${f.photoId}`),
  },

  // Notifications
  {
    route: 'GET /api/notifications',
    fixture: notification,
    item: (f) => f.notificationId!,
    roles: signedIn('hidden'),
    relations: { owner: 'sees' },
    call: (c) => send(c, 'GET', '/api/notifications'),
  },
  {
    route: 'GET /api/notifications/preferences',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/notifications/preferences'),
  },
  {
    route: 'PUT /api/notifications/preferences',
    roles: signedIn(200),
    call: (c) =>
      send(c, 'PUT', '/api/notifications/preferences', {
        off: { donation_request: ['email'] },
        quietHours: { from: '22:00', to: '06:30' },
      }),
  },
  {
    route: 'GET /api/notifications/unread-count',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/notifications/unread-count'),
  },
  {
    route: 'POST /api/notifications/read-all',
    roles: signedIn(200),
    call: (c) => send(c, 'POST', '/api/notifications/read-all'),
  },
  {
    route: 'POST /api/notifications/{id}/read',
    fixture: notification,
    roles: nobody(404),
    relations: { owner: 200 },
    call: (c, f) => send(c, 'POST', `/api/notifications/${f.notificationId}/read`),
  },
  {
    route: 'DELETE /api/notifications/{id}',
    fixture: notification,
    roles: nobody(404),
    relations: { owner: 204 },
    call: (c, f) => send(c, 'DELETE', `/api/notifications/${f.notificationId}`),
  },
  {
    route: 'GET /api/events',
    roles: signedIn(200),
    call: (c, _f, w) => openEvents(c, w),
  },

  // Push
  {
    route: 'GET /api/push/subscriptions',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/push/subscriptions'),
  },
  {
    route: 'POST /api/push/subscriptions',
    roles: signedIn(201),
    call: (c) => send(c, 'POST', '/api/push/subscriptions', subscription()),
  },
  {
    route: 'DELETE /api/push/subscriptions',
    fixture: pushSubscription,
    roles: nobody(404),
    relations: { owner: 204 },
    call: (c, f) => send(c, 'DELETE', '/api/push/subscriptions', { endpoint: f.endpoint }),
  },

  // Impact figures: everyone signed in (dashboard and analytics)
  {
    route: 'GET /api/stats/me',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/stats/me'),
  },
  {
    route: 'GET /api/stats/platform',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/stats/platform?range=all'),
  },
  {
    route: 'GET /api/stats/trends',
    scenario: 'mine',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/stats/trends?scope=me'),
  },
  {
    route: 'GET /api/stats/trends',
    scenario: 'platform',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/stats/trends?scope=platform'),
  },
  {
    route: 'GET /api/stats/activity',
    fixture: pending,
    item: (f) => f.donationId!,
    roles: signedIn('hidden'),
    relations: { donor: 'sees' },
    call: (c) => send(c, 'GET', '/api/stats/activity?limit=50'),
  },

  // Chat: signed-in users only
  {
    route: 'POST /chat',
    roles: signedIn(200),
    call: (c) => send(c, 'POST', '/chat', { message: 'How do I donate food?', language: 'en' }),
  },
  {
    route: 'POST /api/chat',
    roles: signedIn(200),
    call: (c) => send(c, 'POST', '/api/chat', { message: 'खाना कैसे दान करूँ?', language: 'hi' }),
  },

  // Admin console
  {
    route: 'GET /api/admin/users',
    roles: adminOnly,
    call: (c) => send(c, 'GET', '/api/admin/users'),
  },
  {
    route: 'PATCH /api/admin/users/{id}',
    scenario: 'verify a user',
    fixture: bystander,
    roles: adminOnly,
    call: (c, f) => send(c, 'PATCH', `/api/admin/users/${f.userId}`, { isVerified: true }),
  },
  {
    route: 'PATCH /api/admin/users/{id}',
    scenario: 'suspend my own account',
    roles: nobody(403),
    call: async (c) => {
      const me = await send(c, 'GET', '/api/me');
      const id = me.statusCode === 200 ? (JSON.parse(me.body).user.id as string) : NO_ONE;
      return send(c, 'PATCH', `/api/admin/users/${id}`, { suspended: true });
    },
  },
  {
    route: 'GET /api/admin/events',
    roles: adminOnly,
    call: (c) => send(c, 'GET', '/api/admin/events'),
  },
];

/**
 * Every API route the app registered (HEAD aside), read from Fastify's route tree, so a route
 * hidden from the OpenAPI description is found too. Keys use OpenAPI's `{param}` form.
 */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4));
    if (!match) continue;
    const path = (stack[depth - 1] ?? '') + match[1]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[2] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD') continue;
      const isApi = path.startsWith('/api/') || path === '/chat';
      if (!isApi || path.startsWith('/api/docs')) continue;
      found.add(`${method} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    }
  }
  return [...found].sort();
}
