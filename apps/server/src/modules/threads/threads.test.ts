// Both engines: messages are read back in the order written, notices are stored in the same
// transaction, and the week after a match ends is judged from the request's own times.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { donationInput, signInAsAdmin, signUp } from '../../test/factories.js';
import { workflowFixtures } from '../requests/workflow.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { query, me, noticesOf } = workflowFixtures(() => t);

type Party = Awaited<ReturnType<typeof signUp>>;

/** A donation a volunteer grabbed and took to a food bank (collected, or delivered too). */
async function carried(until: 'grabbed' | 'collected' | 'fulfilled' = 'collected') {
  const donor = await signUp(t.app, 'restaurant');
  const donation = (await donor.client.post('/api/donations', donationInput())).json().donation;
  const volunteer = await signUp(t.app, 'volunteer');
  const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
  expect(grab.statusCode, grab.body).toBe(201);
  const requestId = grab.json().request.id as string;
  const bank = await signUp(t.app, 'foodbank', { language: 'hi' });
  if (until !== 'grabbed') {
    const collect = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    });
    expect(collect.statusCode, collect.body).toBe(201);
  }
  if (until === 'fulfilled') {
    const done = await volunteer.client.post(`/api/requests/${requestId}/complete`);
    expect(done.statusCode, done.body).toBe(200);
  }
  return { donor, volunteer, bank, requestId, donationId: donation.id as string };
}

const write = (client: TestClient, requestId: string, body: unknown, headers = {}) =>
  client.post(`/api/requests/${requestId}/thread`, body, headers);
const read = (client: TestClient, requestId: string) =>
  client.get(`/api/requests/${requestId}/thread`);
const storedCount = async (requestId: string) =>
  (
    await query<{ n: number }>(
      sql`select count(*)::int as n from thread_messages where request_id = ${requestId}`,
    )
  )[0]!.n;

describe('the conversation of a pickup', () => {
  it('lets donor, volunteer and food bank talk it through, each reading who said what', async () => {
    const { donor, volunteer, bank, requestId } = await carried();
    const onMyWay = await write(volunteer.client, requestId, { code: 'on_my_way' });
    expect(onMyWay.statusCode, onMyWay.body).toBe(201);
    expect(onMyWay.json().message).toMatchObject({
      party: 'volunteer',
      mine: true,
      code: 'on_my_way',
      text: null,
    });
    const typed = await write(donor.client, requestId, { text: '  Back gate, ask for Ravi  ' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect((await write(bank.client, requestId, { code: 'please_call' })).statusCode).toBe(201);

    const seen = await read(bank.client, requestId);
    expect(seen.statusCode, seen.body).toBe(200);
    const thread = seen.json().thread;
    expect(thread).toMatchObject({
      requestId,
      canWrite: true,
      writableUntil: null,
      quickMessages: ['please_call'],
    });
    expect(
      thread.messages.map((m: Record<string, unknown>) => [m.party, m.mine, m.code, m.text]),
    ).toEqual([
      ['volunteer', false, 'on_my_way', null],
      ['donor', false, null, 'Back gate, ask for Ravi'],
      ['receiver', true, 'please_call', null],
    ]);
    // Each party is offered, and may send, its own quick messages only.
    expect((await read(volunteer.client, requestId)).json().thread.quickMessages).toEqual([
      'on_my_way',
      'arriving_10',
      'running_late',
      'please_call',
    ]);
    const notMine = await write(volunteer.client, requestId, { code: 'ready_back_door' });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().code).toBe('THREAD_MESSAGE_INVALID');
    expect(await storedCount(requestId)).toBe(3);
    expect(thread.messages[0].senderName).toBe((await me(volunteer.client)).organizationName);
  });

  it('tells the other parties, never the sender, in each reader’s own language', async () => {
    const { donor, volunteer, bank, requestId } = await carried();
    expect((await write(volunteer.client, requestId, { code: 'arriving_10' })).statusCode).toBe(
      201,
    );
    expect(await noticesOf(volunteer.user.id, 'pickup_message')).toHaveLength(0);
    expect(await noticesOf(donor.user.id, 'pickup_message')).toHaveLength(1);
    const hindi = (await bank.client.get('/api/notifications?type=pickup_message')).json();
    expect(hindi.items).toHaveLength(1);
    expect(hindi.items[0].message).toContain('10 मिनट में पहुँच रहे हैं');
    expect(hindi.items[0].data).toMatchObject({ requestId, messageCode: 'arriving_10' });
    const english = (await donor.client.get('/api/notifications?type=pickup_message')).json();
    expect(english.items[0].message).toBe(
      `${(await me(volunteer.client)).organizationName} wrote: Arriving in 10 minutes`,
    );

    // Typed text is repeated as typed, shortened to what a notice holds.
    const long = `Gate ${'seven '.repeat(40)}end`;
    expect((await write(donor.client, requestId, { text: long })).statusCode).toBe(201);
    const notices = await noticesOf(volunteer.user.id, 'pickup_message');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data.messageText!.length).toBeLessThanOrEqual(140);
    expect(notices[0]!.data.messageText).toMatch(/^Gate seven seven .*…$/);
  });

  it('keeps everyone else out: other volunteers, strangers and the signed-out', async () => {
    const { requestId } = await carried('grabbed');
    const stranger = await signUp(t.app, 'volunteer');
    const otherBank = await signUp(t.app, 'foodbank');
    for (const outsider of [stranger, otherBank]) {
      expect((await read(outsider.client, requestId)).json().code).toBe('FORBIDDEN');
      const refused = await write(outsider.client, requestId, { code: 'on_my_way' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    const anonymous = await new TestClient(t.app).get(`/api/requests/${requestId}/thread`);
    expect(anonymous.statusCode).toBe(401);
    expect((await read(stranger.client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect(await storedCount(requestId)).toBe(0);
  });

  it('lets an admin read, logged in the event log, but not write', async () => {
    const { volunteer, requestId } = await carried('grabbed');
    await write(volunteer.client, requestId, { code: 'running_late' });
    const admin = await signInAsAdmin(t.app);
    const seen = await read(admin.client, requestId);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().thread.canWrite).toBe(false);
    expect(seen.json().thread.messages).toHaveLength(1);
    const logged = await query<{ actor_id: string }>(
      sql`select actor_id from events where entity_id = ${requestId} and action = 'admin.thread_read'`,
    );
    expect(logged.map((e) => e.actor_id)).toEqual([admin.user.id]);
    expect((await write(admin.client, requestId, { code: 'on_my_way' })).statusCode).toBe(403);
    expect(await storedCount(requestId)).toBe(1);
  });

  it('refuses a message that is not exactly one quick code or one text, and stores nothing', async () => {
    const { volunteer, requestId } = await carried('grabbed');
    const bad: unknown[] = [
      {},
      { code: 'on_my_way', text: 'and text' },
      { code: 'bring_biryani' },
      { text: '   ' },
      { text: 'x'.repeat(501) },
      { text: 42 },
      { code: 'on_my_way', extra: 1 },
      [],
    ];
    for (const body of bad) {
      const answer = await write(volunteer.client, requestId, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code, JSON.stringify(body)).toMatch(
        /^(THREAD_MESSAGE_INVALID|REQUIRED_FIELDS_MISSING|TEXT_TOO_LONG|INVALID_VALUE|VALIDATION_FAILED|UNKNOWN_FIELD)$/,
      );
    }
    expect(await storedCount(requestId)).toBe(0);
  });

  it('opens with the match and reads only from a week after it ended', async () => {
    // A food bank's request the donor has not accepted is no match yet.
    const donor = await signUp(t.app, 'restaurant');
    const donation = (await donor.client.post('/api/donations', donationInput())).json().donation;
    const bank = await signUp(t.app, 'foodbank');
    const asked = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(asked.statusCode, asked.body).toBe(201);
    const pendingId = asked.json().request.id as string;
    const early = await write(bank.client, pendingId, { code: 'please_call' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('THREAD_NOT_OPEN');
    expect((await read(donor.client, pendingId)).json().thread.canWrite).toBe(false);

    const { volunteer, requestId } = await carried('fulfilled');
    const after = (await read(volunteer.client, requestId)).json().thread;
    expect(after.canWrite).toBe(true);
    expect(Date.parse(after.writableUntil) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await write(volunteer.client, requestId, { text: 'Thank you!' })).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update requests set fulfilled_at = now() - interval '8 days', updated_at = now() - interval '8 days' where id = ${requestId}`,
    );
    const closed = (await read(volunteer.client, requestId)).json().thread;
    expect(closed.canWrite).toBe(false);
    expect(closed.messages.map((m: { text: string }) => m.text)).toEqual(['Thank you!']);
    const late = await write(volunteer.client, requestId, { code: 'on_my_way' });
    expect(late.json().code).toBe('THREAD_NOT_OPEN');
    expect(await storedCount(requestId)).toBe(1);
  });

  it('stores a replayed message once (a phone that sent it, lost signal and sent it again)', async () => {
    const { volunteer, donor, requestId } = await carried('grabbed');
    const key = { 'idempotency-key': `thread-${requestId}-1` };
    const first = await write(volunteer.client, requestId, { code: 'on_my_way' }, key);
    const again = await write(volunteer.client, requestId, { code: 'on_my_way' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().message.id).toBe(first.json().message.id);
    expect(await storedCount(requestId)).toBe(1);
    expect(await noticesOf(donor.user.id, 'pickup_message')).toHaveLength(1);
  });

  it('keeps several parties writing at once, each message once and in one order for all', async () => {
    const { donor, volunteer, bank, requestId } = await carried();
    const writers: Party[] = [donor, volunteer, bank];
    const answers = await Promise.all(
      writers.flatMap((p, i) =>
        [0, 1, 2].map((n) => write(p.client, requestId, { text: `m${i}-${n}` })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(9).fill(201));
    const orders = await Promise.all(
      writers.map(async (p) =>
        (await read(p.client, requestId))
          .json()
          .thread.messages.map((m: { text: string }) => m.text),
      ),
    );
    expect(orders[0]).toHaveLength(9);
    expect(new Set(orders[0]).size).toBe(9);
    expect(orders[1]).toEqual(orders[0]);
    expect(orders[2]).toEqual(orders[0]);
  });

  it('removes what a deleted account typed and its name, keeping the quick messages', async () => {
    const { donor, volunteer, requestId } = await carried('grabbed');
    await write(volunteer.client, requestId, { text: 'Call me on 98480 22338' });
    await write(volunteer.client, requestId, { code: 'on_my_way' });
    const gone = await volunteer.client.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: volunteer.body.password },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    const messages = (await read(donor.client, requestId)).json().thread.messages;
    expect(messages.map((m: Record<string, unknown>) => [m.senderName, m.code, m.text])).toEqual([
      ['Deleted user', null, ''],
      ['Deleted user', 'on_my_way', null],
    ]);
  });
});
