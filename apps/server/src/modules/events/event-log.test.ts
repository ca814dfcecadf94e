// Both engines: the append-only event log and its sequence.
import { canTransition, type TransitionKind } from '@annasetu/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { runExpiryOnce } from '../../jobs/expiry.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { donationInput, signUp } from '../../test/factories.js';

let t: TestApp;
type Member = Awaited<ReturnType<typeof signUp>>;
let donors: Member[];
let receivers: Member[]; // food bank, nursery, poultry farm
let volunteers: Member[];

beforeAll(async () => {
  t = await createTestApp();
  donors = [await signUp(t.app, 'restaurant'), await signUp(t.app, 'mess')];
  receivers = [
    await signUp(t.app, 'foodbank'),
    await signUp(t.app, 'nursery'),
    await signUp(t.app, 'poultry'),
  ];
  volunteers = [await signUp(t.app, 'volunteer'), await signUp(t.app, 'volunteer')];
});
afterAll(async () => {
  await t?.close();
});

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

interface World {
  donations: { id: string; donor: Member }[];
  requests: { id: string; donationId: string; by: Member }[];
}

/** One step a user may try; refused moves (4xx) are part of the workflow and change nothing. */
type Step =
  | { kind: 'donate'; donor: number; self: false | number }
  | { kind: 'request'; donation: number; receiver: number }
  | { kind: 'accept' | 'reject' | 'withdraw'; request: number }
  | { kind: 'grab' | 'release'; donation: number; volunteer: number }
  | { kind: 'collect'; donation: number; volunteer: number; bad: boolean; receiver: number }
  | { kind: 'deliver' | 'confirm'; request: number; bad: boolean }
  | { kind: 'expire' | 'delete'; donation: number };

const pick = fc.nat({ max: 9 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('donate' as const),
    donor: fc.nat({ max: 1 }),
    self: fc.oneof(fc.constant(false as const), fc.nat({ max: 2 })),
  }),
  fc.record({
    kind: fc.constant('request' as const),
    donation: pick,
    receiver: fc.nat({ max: 2 }),
  }),
  fc.record({
    kind: fc.constantFrom('accept' as const, 'reject' as const, 'withdraw' as const),
    request: pick,
  }),
  fc.record({
    kind: fc.constantFrom('grab' as const, 'release' as const),
    donation: pick,
    volunteer: fc.nat({ max: 1 }),
  }),
  fc.record({
    kind: fc.constant('collect' as const),
    donation: pick,
    volunteer: fc.nat({ max: 1 }),
    bad: fc.boolean(),
    receiver: fc.nat({ max: 2 }),
  }),
  fc.record({
    kind: fc.constantFrom('deliver' as const, 'confirm' as const),
    request: pick,
    bad: fc.boolean(),
  }),
  fc.record({ kind: fc.constantFrom('expire' as const, 'delete' as const), donation: pick }),
);

const at = <T>(list: T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

/** Remembers the request an answer carries, made by `by`. */
function keepRequest(world: World, response: { statusCode: number; json(): unknown }, by: Member) {
  if (response.statusCode >= 300) return;
  const { request } = response.json() as { request?: { id: string; donationId: string } };
  if (request) world.requests.push({ id: request.id, donationId: request.donationId, by });
}

async function perform(world: World, step: Step): Promise<number> {
  switch (step.kind) {
    case 'donate': {
      const donor = donors[step.donor]!;
      const self = step.self === false ? undefined : receivers[step.self]!;
      const response = await donor.client.post(
        '/api/donations',
        donationInput(
          self
            ? {
                deliveryMethod: 'self',
                destinationType: self.user.role,
                destinationUserId: self.user.id,
              }
            : {},
        ),
      );
      if (response.statusCode === 201) {
        const body = response.json() as {
          donation: { id: string };
          request: { id: string } | null;
        };
        world.donations.push({ id: body.donation.id, donor });
        if (body.request && self)
          world.requests.push({ id: body.request.id, donationId: body.donation.id, by: self });
      }
      return response.statusCode;
    }
    case 'request': {
      const donation = at(world.donations, step.donation);
      if (!donation) return 0;
      const receiver = receivers[step.receiver]!;
      const response = await receiver.client.post(`/api/donations/${donation.id}/requests`, {});
      keepRequest(world, response, receiver);
      return response.statusCode;
    }
    case 'accept':
    case 'reject': {
      const request = at(world.requests, step.request);
      if (!request) return 0;
      const donor = world.donations.find((d) => d.id === request.donationId)!.donor;
      return (await donor.client.post(`/api/requests/${request.id}/${step.kind}`)).statusCode;
    }
    case 'withdraw': {
      const request = at(world.requests, step.request);
      if (!request) return 0;
      return (await request.by.client.delete(`/api/requests/${request.id}`)).statusCode;
    }
    case 'grab': {
      const donation = at(world.donations, step.donation);
      if (!donation) return 0;
      const volunteer = volunteers[step.volunteer]!;
      const response = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
      keepRequest(world, response, volunteer);
      return response.statusCode;
    }
    case 'release': {
      const donation = at(world.donations, step.donation);
      if (!donation) return 0;
      const volunteer = volunteers[step.volunteer]!;
      return (await volunteer.client.post(`/api/donations/${donation.id}/release`, {})).statusCode;
    }
    case 'collect': {
      const donation = at(world.donations, step.donation);
      if (!donation) return 0;
      const volunteer = volunteers[step.volunteer]!;
      const own = world.requests.find((r) => r.donationId === donation.id && r.by === volunteer);
      const destination = step.bad ? receivers[1 + (step.receiver % 2)]! : receivers[0]!;
      return (
        await volunteer.client.post('/api/collections', {
          donationId: donation.id,
          requestId: own?.id ?? donation.id,
          quality: step.bad ? 'bad' : 'good',
          destinationType: destination.user.role,
          destinationUserId: destination.user.id,
        })
      ).statusCode;
    }
    case 'deliver': {
      const request = at(world.requests, step.request);
      if (!request) return 0;
      const [row] = await query<{ volunteer_id: string | null }>(
        sql`select volunteer_id from requests where id = ${request.id}`,
      );
      const volunteer = volunteers.find((v) => v.user.id === row?.volunteer_id) ?? volunteers[0]!;
      return (await volunteer.client.post(`/api/requests/${request.id}/complete`)).statusCode;
    }
    case 'confirm': {
      const request = at(world.requests, step.request);
      if (!request) return 0;
      const [row] = await query<{ destination_user_id: string | null }>(
        sql`select destination_user_id from requests where id = ${request.id}`,
      );
      const destination =
        receivers.find((r) => r.user.id === row?.destination_user_id) ?? receivers[0]!;
      const quality = destination === receivers[0] ? 'good' : step.bad ? 'bad' : 'good';
      return (
        await destination.client.post(`/api/requests/${request.id}/confirm-receipt`, { quality })
      ).statusCode;
    }
    case 'expire': {
      const donation = at(world.donations, step.donation);
      if (!donation) return 0;
      await t.database.db.execute(
        sql`update donations set expiry_time = now() - interval '1 minute' where id = ${donation.id} and status = 'pending'`,
      );
      await runExpiryOnce(t.database);
      return 200;
    }
    case 'delete': {
      const donation = at(world.donations, step.donation);
      if (!donation) return 0;
      return (await donation.donor.client.delete(`/api/donations/${donation.id}`)).statusCode;
    }
  }
}

interface LoggedMove {
  entity_type: TransitionKind;
  entity_id: string;
  action: string;
  from_status: string | null;
  to_status: string;
}

/**
 * Replays each entity's logged moves from its creation: every move starts where the previous one
 * ended and is a move the domain allows; the last one ends at the entity's current status.
 */
async function checkLog(world: World) {
  const ids = [...world.donations.map((d) => d.id), ...world.requests.map((r) => r.id)];
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const moves = await query<LoggedMove>(
    sql`select entity_type, entity_id, action, from_status, to_status from events
        where entity_id in (${list}) and to_status is not null
        order by id`,
  );
  const current = new Map<string, string>();
  const rows = await query<{ id: string; status: string }>(
    sql`select id, status::text from donations where id in (${list})
        union all
        select id, status::text from requests where id in (${list})`,
  );
  for (const row of rows) current.set(row.id, row.status);

  const replayed = new Map<string, string>();
  for (const move of moves) {
    const before = replayed.get(move.entity_id) ?? null;
    const where = `${move.entity_type} ${move.entity_id} ${move.action}`;
    expect(move.from_status, where).toBe(before);
    if (before !== null) {
      expect(
        canTransition(move.entity_type, before as never, move.to_status as never),
        `${where}: ${before} -> ${move.to_status}`,
      ).toBe(true);
    }
    replayed.set(move.entity_id, move.to_status);
  }
  for (const id of ids) expect(replayed.get(id), `replayed status of ${id}`).toBe(current.get(id));
}

// Many random workflow runs against a real database: correctness, not speed, so a busy
// machine gets time.
const PROPERTY_TEST_TIMEOUT_MS = 180_000;

describe('event log', () => {
  it(
    'records every move from the state the entity was in, and replays to the current status',
    async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 8, maxLength: 30 }), async (steps) => {
          const world: World = { donations: [], requests: [] };
          for (const step of steps) {
            const status = await perform(world, step);
            seen.add(status);
            // A refused move is an answer with a code, never a server error.
            expect(status, JSON.stringify(step)).toBeLessThan(500);
          }
          await checkLog(world);
        }),
        { numRuns: 25 },
      );
      // The runs reached real moves, not only refusals.
      expect(seen.has(200) || seen.has(201)).toBe(true);
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );
});
