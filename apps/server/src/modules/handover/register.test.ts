// Both engines: the register is read from the requests' delivery times (set here in the
// tables), bounded by India days, and holds only the caller's receipts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/build-app.js';
import { signInAsAdmin, signUp } from '../../test/factories.js';
import { handoverFixtures, type Party } from './handover.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { query, party, carried } = handoverFixtures(() => t);

/** Moves a delivery to `at`, as if it had been received then. */
async function receivedAt(requestId: string, at: string) {
  await query(sql`update requests set fulfilled_at = ${at}::timestamptz where id = ${requestId}`);
}

const NOVEMBER = 'from=2026-11-01&to=2026-11-30';
const registerOf = (client: TestClient, params = NOVEMBER) =>
  client.get(`/api/handover/register?${params}`);
const csvOf = (client: TestClient, params = NOVEMBER) =>
  client.get(`/api/handover/register.csv?${params}`);

/** The CSV's rows as cells (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function cells(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  for (const match of body.replace(/^\uFEFF/, '').matchAll(/("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n)/g)) {
    const field = match[1]!;
    row.push(field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field);
    if (match[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe('GET /api/handover/register', () => {
  let bank: Party;
  const inside: string[] = [];
  let otherBankDonation = '';

  beforeAll(async () => {
    bank = await party('foodbank', '20012345678905');
    // November in India runs from 31 Oct 18:30 UTC to 30 Nov 18:30 UTC.
    const times = {
      before: '2026-10-31T18:29:59Z',
      first: '2026-10-31T18:30:00Z',
      last: '2026-11-30T18:29:59Z',
      after: '2026-11-30T18:30:00Z',
    };
    for (const [name, at] of Object.entries(times)) {
      const job = await carried(name === 'last' ? 'delivered' : 'received', { bank });
      await receivedAt(job.requestId, at);
      if (name === 'first' || name === 'last') inside.push(job.donationId);
    }
    // Still on its way: not received, whatever the period.
    await carried('collected', { bank });
    // Another food bank's delivery in the same month.
    const other = await carried('received');
    await receivedAt(other.requestId, '2026-11-15T06:00:00Z');
    otherBankDonation = other.donationId;
  });

  it('lists exactly the food the caller received in the period, oldest first', async () => {
    const answer = await registerOf(bank.client);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    expect(body.items.map((r: { donationId: string }) => r.donationId)).toEqual(inside);
    expect(body.items.map((r: { receivedAt: string }) => r.receivedAt)).toEqual([
      '2026-10-31T18:30:00.000Z',
      '2026-11-30T18:29:59.000Z',
    ]);
    expect(body.items[0]).toMatchObject({
      status: 'fulfilled',
      holdingAtPickup: 'hot',
      containerClosed: true,
      arrivalCondition: 'good',
      destinationFssai: { number: '20012345678905', verified: false },
    });
    // The one the volunteer marked delivered waits for the bank's condition.
    expect(body.items[1].arrivalCondition).toBeNull();
    expect(JSON.stringify(body)).not.toContain(otherBankDonation);
  });

  it('is empty for a period with nothing received, and for another food bank', async () => {
    const empty = await registerOf(bank.client, 'from=2026-09-01&to=2026-09-30');
    expect(empty.json().items).toEqual([]);
    // Received at 00:00 on 1 December in India: December's, not November's.
    const december = await registerOf(bank.client, 'from=2026-12-01&to=2026-12-01');
    expect(december.json().items).toHaveLength(1);
    const stranger = await signUp(t.app, 'foodbank');
    expect((await registerOf(stranger.client)).json().items).toEqual([]);
  });

  it('gives the same rows as CSV with a byte-order mark, headings in the asked language', async () => {
    const answer = await csvOf(bank.client, `${NOVEMBER}&language=hi`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="annasetu-register-2026-11-01-2026-11-30.csv"',
    );
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(answer.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = cells(answer.body);
    expect(header).toHaveLength(21);
    expect(header!.slice(0, 4)).toEqual(['प्राप्ति का समय', 'दाता', 'दाता की FSSAI संख्या', 'खाना']);
    expect(rows.map((row) => row.at(-1))).toEqual(inside);
    const [first, last] = rows;
    // Times in India: 31 Oct 18:30 UTC is 1 Nov 00:00.
    expect(first![0]).toBe('2026-11-01 00:00');
    expect(last![0]).toBe('2026-11-30 23:59');
    expect(first).toEqual(
      expect.arrayContaining([
        '10012345678901 (अभी जाँचा नहीं गया)',
        'Veg biryani',
        '20',
        'भोजन',
        'शाकाहारी',
        'दूध; मेवे (बादाम, काजू आदि)',
        'गरम, 60 °C से ऊपर',
        'हाँ',
        'अच्छी',
        '20012345678905 (अभी जाँचा नहीं गया)',
      ]),
    );
    expect(last).toContain('दर्ज नहीं');
  });

  it('writes the account language when none is asked, and defuses formula starts', async () => {
    const donor = await signUp(t.app, 'restaurant', { organizationName: '=HYPERLINK(1)' });
    const bankEn = await party('foodbank');
    const job = await carried('received', { donor, bank: bankEn });
    await receivedAt(job.requestId, '2026-11-10T06:00:00Z');
    const [header, row] = cells((await csvOf(bankEn.client)).body);
    expect(header![0]).toBe('Received on');
    expect(row![1]).toBe("'=HYPERLINK(1)");
    expect(row).toContain('No number given');
  });

  it('is only for food banks, nurseries and poultry farms', async () => {
    for (const role of ['restaurant', 'individual', 'mess', 'volunteer'] as const) {
      const user = await signUp(t.app, role);
      for (const answer of [await registerOf(user.client), await csvOf(user.client)]) {
        expect(answer.statusCode, `${role}: ${answer.body}`).toBe(403);
        expect(answer.json().code).toBe('FORBIDDEN');
      }
    }
    const admin = await signInAsAdmin(t.app);
    expect((await registerOf(admin.client)).statusCode).toBe(403);
    for (const role of ['nursery', 'poultry'] as const) {
      const user = await signUp(t.app, role);
      expect((await csvOf(user.client)).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: `/api/handover/register?${NOVEMBER}` })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['a day that does not exist', 'from=2026-11-31&to=2026-12-01', 'PERIOD_DATE_INVALID'],
    ['a date in another format', 'from=01-11-2026&to=2026-11-30', 'PERIOD_DATE_INVALID'],
    ['no end', 'from=2026-11-01', 'PERIOD_DATE_INVALID'],
    ['an end before the start', 'from=2026-11-30&to=2026-11-01', 'PERIOD_INVALID'],
    ['more than 366 days', 'from=2025-01-01&to=2026-01-02', 'PERIOD_INVALID'],
    ['an unknown parameter', `${NOVEMBER}&receiver=me`, 'UNKNOWN_FIELD'],
  ])('refuses %s with a coded 400', async (_name, params, code) => {
    for (const answer of [
      await registerOf(bank.client, params),
      await csvOf(bank.client, params),
    ]) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().details[0].code).toBe(code);
    }
  });

  it('refuses an unknown language for the CSV', async () => {
    const answer = await csvOf(bank.client, `${NOVEMBER}&language=xx`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details[0]).toMatchObject({ field: 'querystring.language' });
  });
});
