// Both engines: the sweep and the forgetting are DELETEs with interval arithmetic on either engine.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';
import { enqueueMessage, firstReceipt, pruneOutbox } from './outbox.queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const message = (recipient: string, channel: 'sms' | 'email' | 'push' = 'sms') => ({
  recipient,
  channel,
  kind: 'alert',
  language: 'en',
  body: 'Rice for 20 at Ameerpet',
  segments: 1,
  expiresAt: null,
});

async function statusesOf(recipient: string) {
  return rowsOf<{ status: string }>(
    await t.database.db.execute(
      sql`select status from outbox where recipient = ${recipient} order by status`,
    ),
  ).map((r) => r.status);
}

describe('the outbox', () => {
  it('keeps what waits and what is recent, and sweeps finished messages after 30 days', async () => {
    const phone = '+919800000101';
    await enqueueMessage(t.database.db, message(phone), message(phone), message(phone));
    // One sent long ago, one given up long ago, one still waiting since long ago.
    await t.database.db.execute(sql`
      update outbox set created_at = now() - interval '31 days',
        status = case when id = (select min(id::text)::uuid from outbox where recipient = ${phone})
          then 'queued' else 'sent' end
      where recipient = ${phone}`);
    await t.database.db.execute(sql`
      update outbox set status = 'failed'
      where id = (select max(id::text)::uuid from outbox where recipient = ${phone})`);
    await enqueueMessage(t.database.db, message(phone));
    await t.database.db.execute(
      sql`update outbox set status = 'sent' where recipient = ${phone} and created_at > now() - interval '1 day'`,
    );
    expect(await firstReceipt(t.database.db, 'whatsapp', 'wamid.old')).toBe(true);
    expect(await firstReceipt(t.database.db, 'whatsapp', 'wamid.new')).toBe(true);
    await t.database.db.execute(
      sql`update inbound_messages set received_at = now() - interval '8 days' where external_id = 'wamid.old'`,
    );

    await pruneOutbox(t.database.db);
    // The waiting one stays however old (it may still be sent); the recent sent one stays.
    expect(await statusesOf(phone)).toEqual(['queued', 'sent']);
    // A received id older than a week is forgotten; a recent one still stops a repeat.
    expect(await firstReceipt(t.database.db, 'whatsapp', 'wamid.new')).toBe(false);
    expect(await firstReceipt(t.database.db, 'whatsapp', 'wamid.old')).toBe(true);
  });

  it("forgets a deleted account's messages: its address, number and browsers", async () => {
    const user = await signUp(t.app, 'volunteer');
    const other = await signUp(t.app, 'volunteer');
    await enqueueMessage(
      t.database.db,
      message(user.body.email, 'email'),
      message(other.body.email, 'email'),
    );
    const deleted = await user.client.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: user.body.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await statusesOf(user.body.email)).toEqual([]);
    expect(await statusesOf(other.body.email)).toEqual(['queued']);
  });
});
