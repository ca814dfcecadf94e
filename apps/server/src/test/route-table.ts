import type { FastifyInstance } from 'fastify';
import { HYGIENE_QUESTION_IDS } from '@annasetu/domain';
import {
  SERIES_INPUT,
  bystander,
  calendarFeed,
  collected,
  pending,
  publicCard,
  phoneHolder,
  resetToken,
  series,
  textedCode,
  uniquePhone,
} from './route-fixtures.js';
import {
  DONORS_POST,
  PASSWORD,
  type Row,
  adminOnly,
  all,
  nobody,
  otpDeps,
  send,
  signedIn,
  uid,
} from './route-harness.js';
import { donationInput, registrationFor } from './factories.js';
import type { UserProfile } from '@annasetu/domain';
import { requestPhoneVerification, requestSignInCode } from '../modules/auth/otp.service.js';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { WORKFLOW_ROWS } from './route-table.workflow.js';

// Who may call what, as one table: every API route x every caller -> the answer the product
// rules give. authz-table.test.ts runs it; csrf-headers.test.ts replays every unsafe call
// without its CSRF token. Expected answers come from the product rules (seed and product spec),
// not from what the server happens to return.
//            anon  rest  indi  mess  fdbk  nurs  poul  volu  admin
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
  // Sign-in by phone, against the world's loopback SMSC; the code is asked for through the
  // service, so the call probed is the route of the row only.
  {
    route: 'POST /api/auth/otp/request',
    roles: all(202),
    call: (c) => send(c, 'POST', '/api/auth/otp/request', { phone: '+919876543210' }),
  },
  {
    route: 'POST /api/auth/otp/verify',
    needs: 'session',
    fixture: phoneHolder,
    roles: all(200),
    call: async (c, f, w) => {
      const code = await textedCode(w, f.phone!, () =>
        requestSignInCode(otpDeps(w), f.phone!, '127.0.0.9'),
      );
      return send(c, 'POST', '/api/auth/otp/verify', { phone: f.phone, code });
    },
  },
  {
    route: 'POST /api/me/phone/code',
    roles: signedIn(202),
    call: (c) => send(c, 'POST', '/api/me/phone/code', {}),
  },
  {
    route: 'POST /api/me/phone/verify',
    roles: signedIn(200),
    call: async (c, _f, w) => {
      const me = await send(c, 'GET', '/api/me');
      if (me.statusCode !== 200) return send(c, 'POST', '/api/me/phone/verify', { code: '123456' });
      // The caller holds a number of their own for the call (written around the profile code,
      // so a refused call leaves the row exactly as it was) and gets theirs back after it.
      const id = (JSON.parse(me.body) as { user: UserProfile }).user.id;
      const db = w.app.database.db;
      const [before] = await db.select().from(users).where(eq(users.id, id));
      await db.update(users).set({ phone: uniquePhone() }).where(eq(users.id, id));
      const [user] = await db.select().from(users).where(eq(users.id, id));
      const code = await textedCode(w, user!.phone, () =>
        requestPhoneVerification(otpDeps(w), user!, '127.0.0.9'),
      );
      const answer = await send(c, 'POST', '/api/me/phone/verify', { code });
      await db
        .update(users)
        .set({ phone: before!.phone, phoneVerifiedAt: before!.phoneVerifiedAt })
        .where(eq(users.id, id));
      return answer;
    },
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

  // The food hygiene course (decision 0067): volunteers only, their own pass.
  {
    route: 'GET /api/training',
    roles: [401, 403, 403, 403, 403, 403, 403, 200, 403],
    call: (c) => send(c, 'GET', '/api/training'),
  },
  {
    route: 'POST /api/training/quiz',
    roles: [401, 403, 403, 403, 403, 403, 403, 200, 403],
    call: (c) =>
      send(c, 'POST', '/api/training/quiz', {
        answers: Object.fromEntries(HYGIENE_QUESTION_IDS.map((id) => [id, 'a'])),
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
  ...WORKFLOW_ROWS,
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
