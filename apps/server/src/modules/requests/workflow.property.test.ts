// Both engines: random interleavings of the workflow's moves, some of them concurrent.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  NOTIFICATION_RECIPIENTS,
  VOLUNTEER_TOKENS_PER_COMPLETION,
  type NotificationType,
  type Role,
} from '@annasetu/domain';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';
import { workflowFixtures } from './workflow.fixtures.js';

// The seed's state machine driven by several people at once, in any order, including moves that
// make no sense (collecting before grabbing, confirming twice) and two at the same moment. After
// every sequence the seed's invariants must hold: one winner per donation, tokens given once,
// the statuses every party reads agree with each other, and no answer is a server error.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const { query, donationReady } = workflowFixtures(() => t);

type Actor = Awaited<ReturnType<typeof signUp>>;
interface World {
  donor: Actor;
  volunteers: [Actor, Actor];
  bank: Actor;
  nursery: Actor;
  donationId: string;
  /** Every status code answered, to find server errors. */
  statuses: number[];
}

/** A move: who does what. Volunteers are 0 and 1. */
type Move =
  | { kind: 'grab' | 'release' | 'complete'; volunteer: 0 | 1 }
  | { kind: 'collect'; volunteer: 0 | 1; quality: 'good' | 'bad' }
  | { kind: 'acceptDelivery' | 'confirmReceipt'; receiver: 'bank' | 'nursery' }
  | { kind: 'together'; first: Move; second: Move };

const volunteer = fc.constantFrom<0 | 1>(0, 1);
const receiver = fc.constantFrom<'bank' | 'nursery'>('bank', 'nursery');
const single: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constantFrom('grab', 'release', 'complete'), volunteer }),
  fc.record({ kind: fc.constant('collect'), volunteer, quality: fc.constantFrom('good', 'bad') }),
  fc.record({ kind: fc.constantFrom('acceptDelivery', 'confirmReceipt'), receiver }),
) as fc.Arbitrary<Move>;
const move: fc.Arbitrary<Move> = fc.oneof(
  { weight: 4, arbitrary: single },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('together'), first: single, second: single }),
  },
) as fc.Arbitrary<Move>;

/** The request a person acts on: the volunteer's own, or the one addressed to the receiver. */
async function requestOf(world: World, userId: string): Promise<string | undefined> {
  const [row] = await query<{ id: string }>(
    sql`select id from requests where donation_id = ${world.donationId}
        and (volunteer_id = ${userId} or destination_user_id = ${userId})
        order by created_at desc limit 1`,
  );
  return row?.id;
}

/** Sends one move; undefined when the person has no request to act on yet. */
async function send(world: World, step: Exclude<Move, { kind: 'together' }>) {
  if ('receiver' in step) {
    const who = world[step.receiver];
    const id = await requestOf(world, who.user.id);
    if (!id) return undefined;
    const path = step.kind === 'acceptDelivery' ? 'accept-delivery' : 'confirm-receipt';
    return who.client.post(`/api/requests/${id}/${path}`, {});
  }
  const who = world.volunteers[step.volunteer];
  if (step.kind === 'grab') return who.client.post(`/api/donations/${world.donationId}/grab`);
  if (step.kind === 'release') return who.client.post(`/api/donations/${world.donationId}/release`);
  const id = await requestOf(world, who.user.id);
  if (!id) return undefined;
  if (!('quality' in step)) return who.client.post(`/api/requests/${id}/complete`);
  const destination = step.quality === 'good' ? world.bank : world.nursery;
  return who.client.post('/api/collections', {
    donationId: world.donationId,
    requestId: id,
    quality: step.quality,
    destinationType: destination.user.role,
    destinationUserId: destination.user.id,
  });
}

async function play(world: World, step: Move): Promise<void> {
  if (step.kind === 'together') {
    await Promise.all([play(world, step.first), play(world, step.second)]);
    return;
  }
  const answer = await send(world, step);
  if (answer) world.statuses.push(answer.statusCode);
}

async function tokensOf(actor: Actor): Promise<number> {
  return (await actor.client.get('/api/me')).json().user.tokens as number;
}

/** The seed's invariants over the database and over what each party reads. */
async function checkInvariants(world: World): Promise<void> {
  expect(world.statuses.filter((status) => status >= 500)).toEqual([]);
  const requests = await query<{
    id: string;
    status: string;
    volunteer_id: string | null;
    destination_user_id: string | null;
  }>(
    sql`select id, status, volunteer_id, destination_user_id from requests
        where donation_id = ${world.donationId}`,
  );
  const winners = requests.filter((r) => ['accepted', 'collected', 'fulfilled'].includes(r.status));
  // One winner per donation.
  expect(winners.length).toBeLessThanOrEqual(1);
  const winner = winners[0];
  const [donation] = await query<{ status: string }>(
    sql`select status from donations where id = ${world.donationId}`,
  );
  const collections = await query<{ quality: string }>(
    sql`select quality from collections where donation_id = ${world.donationId}`,
  );
  // A donation is collected once, and its status follows its winner.
  expect(collections.length).toBeLessThanOrEqual(1);
  const quality = collections[0]?.quality;
  if (!winner) expect(donation!.status).toBe('pending');
  else if (winner.status === 'accepted') expect(donation!.status).toBe('accepted');
  else expect(donation!.status).toBe(quality === 'good' ? 'completed' : 'rejected');
  if (winner && winner.status !== 'accepted') expect(quality).toBeDefined();

  // Tokens once: 10 to the donor for a good collection, 5 to the volunteer who delivered.
  expect(await tokensOf(world.donor)).toBe(
    quality === 'good' ? DONOR_TOKENS_PER_GOOD_COLLECTION : 0,
  );
  for (const each of world.volunteers) {
    const delivered = winner?.status === 'fulfilled' && winner.volunteer_id === each.user.id;
    expect(await tokensOf(each)).toBe(delivered ? VOLUNTEER_TOKENS_PER_COMPLETION : 0);
  }

  // Every party reads the same status.
  const seenByDonor = (await world.donor.client.get(`/api/donations/${world.donationId}`)).json();
  expect(seenByDonor.donation?.status ?? seenByDonor.status).toBe(donation!.status);
  if (winner?.volunteer_id) {
    const carrier = world.volunteers.find((v) => v.user.id === winner.volunteer_id)!;
    const mine = (await carrier.client.get('/api/requests?filter=all')).json().items as {
      id: string;
      status: string;
    }[];
    expect(mine.find((r) => r.id === winner.id)?.status).toBe(winner.status);
  }
  if (winner?.destination_user_id && winner.status !== 'accepted') {
    const receiver = [world.bank, world.nursery].find(
      (r) => r.user.id === winner.destination_user_id,
    )!;
    const incoming = (await receiver.client.get('/api/requests/incoming')).json().items as {
      id: string;
      status: string;
    }[];
    expect(incoming.find((r) => r.id === winner.id)?.status).toBe(winner.status);
  }

  // Every notice about the donation went to a role its kind is meant for: the preferences and
  // filters each person sees are drawn from the same table (notificationTypesFor).
  const notices = await query<{ type: NotificationType; role: Role }>(
    sql`select n.type, u.role from notifications n join users u on u.id = n.user_id
        where n.data->>'donationId' = ${world.donationId}`,
  );
  expect(notices.filter((n) => !NOTIFICATION_RECIPIENTS[n.type].includes(n.role))).toEqual([]);
}

describe('the workflow under random sequences of moves by several people', () => {
  it('keeps one winner per donation, tokens once and the same status for every party', async () => {
    const bank = await signUp(t.app, 'foodbank');
    const nursery = await signUp(t.app, 'nursery');
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 10 }), async (moves) => {
        const { donor, donation } = await donationReady();
        const world: World = {
          donor,
          volunteers: [await signUp(t.app, 'volunteer'), await signUp(t.app, 'volunteer')],
          bank,
          nursery,
          donationId: donation.id,
          statuses: [],
        };
        for (const step of moves) await play(world, step);
        await checkInvariants(world);
      }),
      { numRuns: Number(process.env.WORKFLOW_RUNS ?? 25) },
    );
  }, 300_000);
});
