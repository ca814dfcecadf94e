// Both engines: series posted once by concurrent schedulers.
import { sql } from 'drizzle-orm';
import { createSeriesInputSchema } from '@annasetu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openPostgres, rowsOf, type Database } from '../../db/client.js';
import { runSeriesOnce } from '../../jobs/series.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';
import { openStream } from '../../test/sse.js';
import { findUserById } from '../users/users.queries.js';
import { createSeries } from './series.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const template = {
  cuisine: 'North Indian',
  foodType: 'Dal and rice',
  vegType: 'veg' as const,
  quantity: 40,
  unit: 'meals' as const,
  expiryHours: 4,
};

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

async function postedFor(seriesId: string) {
  return query<{
    id: string;
    created_at: string;
    prep_date: string;
    prep_time: string;
    expiry_time: string;
  }>(
    sql`select id, created_at, prep_date::text, prep_time::text, expiry_time from donations where series_id = ${seriesId} order by created_at`,
  );
}

/** A series made through the service with a chosen clock, so dates are fixed. */
async function seriesAt(donorId: string, schedule: Record<string, unknown>, now: Date) {
  const donor = (await findUserById(t.database.db, donorId))!;
  const input = createSeriesInputSchema.parse({
    template,
    schedule: { frequency: 'daily', timeZone: 'Asia/Kolkata', ...schedule },
  });
  return createSeries(t.database, donor, input, now);
}

describe('recurring donations: the series job', () => {
  it('posts exactly one donation per day across two instances and a restart', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const series = await seriesAt(
      donor.user.id,
      { timeOfDay: '19:00', startsOn: '2030-01-07' },
      new Date('2030-01-01T00:00:00Z'),
    );
    // A second instance: its own app and, on PostgreSQL, its own connection pool.
    let second: Database =
      t.database.kind === 'postgres'
        ? await openPostgres(t.database.url!, { poolMax: 5 })
        : t.database;
    let secondApp: FastifyInstance = await buildApp({
      config: t.config,
      database: second,
      logger: false,
    });
    await secondApp.ready();

    // 19:00 IST is 13:30 UTC. Both instances run at the same moments of each day, twice.
    for (const day of ['2030-01-07', '2030-01-08']) {
      for (const time of ['13:30:00', '13:30:30', '14:10:00']) {
        const now = new Date(`${day}T${time}Z`);
        await Promise.all([runSeriesOnce(t.database, now), runSeriesOnce(second, now)]);
      }
    }
    expect((await postedFor(series.id)).length).toBe(2);

    // Restart the second instance, then run both again on day 2 and on day 3.
    await secondApp.close();
    if (second !== t.database) await second.close();
    second =
      t.database.kind === 'postgres'
        ? await openPostgres(t.database.url!, { poolMax: 5 })
        : t.database;
    secondApp = await buildApp({ config: t.config, database: second, logger: false });
    await secondApp.ready();
    for (const time of ['2030-01-08T15:00:00Z', '2030-01-09T13:31:00Z', '2030-01-09T13:32:00Z']) {
      const now = new Date(time);
      await Promise.all([runSeriesOnce(second, now), runSeriesOnce(t.database, now)]);
    }
    await secondApp.close();
    if (second !== t.database) await second.close();

    const posted = await postedFor(series.id);
    expect(posted.map((d) => `${d.prep_date} ${d.prep_time}`)).toEqual([
      '2030-01-07 19:00:00',
      '2030-01-08 19:00:00',
      '2030-01-09 19:00:00',
    ]);
    // Expiry counts from the occurrence, not from when the job got to it.
    expect(new Date(posted[0]!.expiry_time).toISOString()).toBe('2030-01-07T17:30:00.000Z');

    // Marked as recurring in the donor's list, and the donor was told each time.
    const mine = (await donor.client.get('/api/donations/mine')).json().items as Array<{
      seriesId?: string;
    }>;
    expect(mine.filter((d) => d.seriesId === series.id)).toHaveLength(3);
    const notices = (await donor.client.get('/api/notifications?type=series_posted')).json().items;
    expect(notices).toHaveLength(3);
    const events = await query<{ n: number }>(
      sql`select count(*)::int as n from events where action = 'donation.created' and data->>'seriesId' = ${series.id}`,
    );
    expect(events[0]!.n).toBe(3);
  });

  it("tells the donor's own open page when the job posts their donation", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const donor = await signUp(t.app, 'mess');
    const series = await seriesAt(
      donor.user.id,
      { timeOfDay: '20:00', startsOn: '2030-03-01' },
      new Date('2030-02-28T00:00:00Z'),
    );
    const page = await openStream(t.app, donor.client);
    try {
      await page.waitFor((e) => e.event === 'ready');
      // 20:00 IST = 14:30 UTC.
      await runSeriesOnce(t.database, new Date('2030-03-01T14:31:00Z'));
      const [posted] = await postedFor(series.id);
      const event = await page.waitFor((e) => e.event === 'donation');
      expect(event.data).toMatchObject({ kind: 'donation', donationId: posted!.id });
    } finally {
      await page.close();
    }
  });

  it('posts nothing on a skipped day and carries on the day after', async () => {
    const donor = await signUp(t.app, 'mess');
    const series = await seriesAt(
      donor.user.id,
      { timeOfDay: '21:00', startsOn: '2030-02-01' },
      new Date('2030-01-31T00:00:00Z'),
    );
    // 21:00 IST = 15:30 UTC. Skip 2 February through the API.
    const skipped = await donor.client.post(`/api/series/${series.id}/skip`, {
      occurrenceAt: '2030-02-02T15:30:00.000Z',
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    for (const now of ['2030-02-01T15:31:00Z', '2030-02-02T15:31:00Z', '2030-02-03T15:31:00Z']) {
      await runSeriesOnce(t.database, new Date(now));
    }
    expect((await postedFor(series.id)).map((d) => d.prep_date)).toEqual([
      '2030-02-01',
      '2030-02-03',
    ]);
    // Not an occurrence of the rule, or in the past: refused, nothing recorded.
    const wrong = await donor.client.post(`/api/series/${series.id}/skip`, {
      occurrenceAt: '2030-02-05T10:00:00.000Z',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('SERIES_OCCURRENCE_INVALID');
  });

  it("gives each posting the series's holding, allergens and a safe-by time from that posting", async () => {
    const donor = await signUp(t.app, 'restaurant');
    const saved = await donor.client.post('/api/series', {
      template: { ...template, holding: 'hot', allergens: ['milk', 'gluten', 'milk'] },
      schedule: { frequency: 'daily', timeOfDay: '12:00', startsOn: '2030-03-01' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { series } = saved.json();
    expect(series.template).toMatchObject({ holding: 'hot', allergens: ['milk', 'gluten'] });

    // 12:00 IST is 06:30 UTC; hot food is safe for 4 hours from then, within the 4-hour expiry.
    for (const now of ['2030-03-01T06:31:00Z', '2030-03-02T06:31:00Z']) {
      await runSeriesOnce(t.database, new Date(now));
    }
    const posted = await query<{ holding: string; allergens: string; food_safe_until: string }>(
      sql`select holding::text, allergens::text, food_safe_until from donations where series_id = ${series.id} order by created_at`,
    );
    expect(posted.map((d) => d.holding)).toEqual(['hot', 'hot']);
    expect(posted.map((d) => new Date(d.food_safe_until).toISOString())).toEqual([
      '2030-03-01T10:30:00.000Z',
      '2030-03-02T10:30:00.000Z',
    ]);
    for (const row of posted) expect(String(row.allergens)).toMatch(/milk.*gluten/);

    // Packaged food carries its own use-by date each time: not a repeat.
    const packaged = await donor.client.post('/api/series', {
      template: { ...template, holding: 'packaged' },
      schedule: { frequency: 'daily', timeOfDay: '12:00' },
    });
    expect(packaged.statusCode).toBe(400);
    expect(packaged.json().details).toContainEqual(
      expect.objectContaining({ field: 'template.holding', code: 'INVALID_VALUE' }),
    );
    expect((await donor.client.get('/api/series')).json().items).toHaveLength(1);
  });

  it('follows the wall clock in a zone with DST (Europe/London, spring 2030)', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const series = await seriesAt(
      donor.user.id,
      {
        timeOfDay: '19:00',
        timeZone: 'Europe/London',
        startsOn: '2030-03-29',
        endsOn: '2030-04-01',
      },
      new Date('2030-03-20T00:00:00Z'),
    );
    // Clocks go forward on 31 March 2030. Run the job every hour over five days.
    const start = Date.parse('2030-03-29T00:00:00Z');
    for (let h = 0; h < 5 * 24; h += 1)
      await runSeriesOnce(t.database, new Date(start + h * 3_600_000));
    const posted = await postedFor(series.id);
    expect(posted.map((d) => `${d.prep_date} ${d.prep_time}`)).toEqual([
      '2030-03-29 19:00:00',
      '2030-03-30 19:00:00',
      '2030-03-31 19:00:00',
      '2030-04-01 19:00:00',
    ]);
    expect(posted.map((d) => new Date(d.created_at).toISOString())).toEqual([
      '2030-03-29T19:00:00.000Z',
      '2030-03-30T19:00:00.000Z',
      '2030-03-31T18:00:00.000Z',
      '2030-04-01T18:00:00.000Z',
    ]);
    // The rule has ended: the series says so and posts no more.
    const list = (await donor.client.get('/api/series')).json().items;
    expect(list[0]).toMatchObject({ id: series.id, status: 'ended', postedCount: 4 });
  });

  it('asks the donor whether to keep a series after three unclaimed occurrences', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const series = await seriesAt(
      donor.user.id,
      { timeOfDay: '19:00', startsOn: '2030-05-01' },
      new Date('2030-04-30T00:00:00Z'),
    );
    for (let day = 1; day <= 3; day += 1) {
      await runSeriesOnce(t.database, new Date(`2030-05-0${day}T13:31:00Z`));
    }
    let list = (await donor.client.get('/api/series')).json().items;
    expect(list[0].needsConfirmation).toBe(false);
    // Nobody collected the first three (each expired 4 h after 19:00): the fourth run asks.
    await runSeriesOnce(t.database, new Date('2030-05-04T13:31:00Z'));
    list = (await donor.client.get('/api/series')).json().items;
    expect(list[0].needsConfirmation).toBe(true);
    const asked = (await donor.client.get('/api/notifications?type=series_unclaimed')).json().items;
    expect(asked).toHaveLength(1);
    expect(asked[0].data.seriesId).toBe(series.id);
    // Asked once only, however many more go unclaimed.
    await runSeriesOnce(t.database, new Date('2030-05-05T13:31:00Z'));
    expect(
      (await donor.client.get('/api/notifications?type=series_unclaimed')).json().items,
    ).toHaveLength(1);

    const kept = await donor.client.post(`/api/series/${series.id}/keep`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().series.needsConfirmation).toBe(false);
  });

  it('pauses, resumes without posting missed days late, and ends', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const series = await seriesAt(
      donor.user.id,
      { timeOfDay: '19:00', startsOn: '2030-06-01' },
      new Date('2030-05-31T00:00:00Z'),
    );
    await runSeriesOnce(t.database, new Date('2030-06-01T13:31:00Z'));
    const paused = await donor.client.patch(`/api/series/${series.id}`, { status: 'paused' });
    expect(paused.json().series.status).toBe('paused');
    await runSeriesOnce(t.database, new Date('2030-06-02T13:31:00Z'));
    expect(await postedFor(series.id)).toHaveLength(1);

    const ended = await donor.client.delete(`/api/series/${series.id}`);
    expect(ended.statusCode).toBe(204);
    await runSeriesOnce(t.database, new Date('2030-06-03T13:31:00Z'));
    expect(await postedFor(series.id)).toHaveLength(1);
    const again = await donor.client.patch(`/api/series/${series.id}`, { status: 'active' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SERIES_ENDED');
  });
});

describe('recurring donations: the API', () => {
  it('saves a weekday series from the form and lists its next occurrences', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const response = await donor.client.post('/api/series', {
      template,
      schedule: { frequency: 'weekdays', weekdays: ['MO', 'WE', 'FR'], timeOfDay: '22:00' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { series } = response.json();
    expect(series.schedule).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      timeZone: 'Asia/Kolkata',
    });
    expect(series.template.pickupAddress).toBe(donor.body.address);
    expect(series.upcoming).toHaveLength(5);
    for (const { at } of series.upcoming) {
      const local = new Date(Date.parse(at) + 5.5 * 3_600_000);
      expect([1, 3, 5]).toContain(local.getUTCDay());
      expect(local.getUTCHours()).toBe(22);
    }
    // Skip the next one: it is flagged, and a second skip takes the one after.
    const first = await donor.client.post(`/api/series/${series.id}/skip`, {});
    expect(first.json().series.upcoming[0].skipped).toBe(true);
    const second = await donor.client.post(`/api/series/${series.id}/skip`, {});
    expect(
      second
        .json()
        .series.upcoming.slice(0, 3)
        .map((u: { skipped: boolean }) => u.skipped),
    ).toEqual([true, true, false]);
  });

  it('refuses bad schedules with coded 400s and saves nothing', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { frequency: 'rrule', rrule: 'FREQ=HOURLY', timeOfDay: '19:00' },
        'SERIES_RULE_TOO_FREQUENT',
      ],
      [{ frequency: 'rrule', rrule: 'nonsense', timeOfDay: '19:00' }, 'SERIES_RULE_INVALID'],
      [{ frequency: 'weekdays', weekdays: [], timeOfDay: '19:00' }, 'SERIES_WEEKDAYS_REQUIRED'],
      [{ frequency: 'daily', timeOfDay: '25:00' }, 'SERIES_TIME_INVALID'],
      [{ frequency: 'daily', timeOfDay: '19:00', timeZone: 'Mars/Olympus' }, 'TIME_ZONE_INVALID'],
    ];
    for (const [schedule, code] of cases) {
      const response = await donor.client.post('/api/series', { template, schedule });
      expect(response.statusCode, JSON.stringify(schedule)).toBe(400);
      const body = response.json();
      expect([body.code, ...(body.details ?? []).map((d: { code: string }) => d.code)]).toContain(
        code,
      );
    }
    expect((await donor.client.get('/api/series')).json().items).toEqual([]);
  });

  it("keeps each donor's series to that donor", async () => {
    const owner = await signUp(t.app, 'restaurant');
    const other = await signUp(t.app, 'individual');
    const volunteer = await signUp(t.app, 'volunteer');
    const created = await owner.client.post('/api/series', {
      template,
      schedule: { frequency: 'daily', timeOfDay: '19:00' },
    });
    const id = created.json().series.id as string;
    expect((await other.client.get('/api/series')).json().items).toEqual([]);
    expect((await other.client.patch(`/api/series/${id}`, { status: 'paused' })).statusCode).toBe(
      404,
    );
    expect((await other.client.post(`/api/series/${id}/skip`, {})).statusCode).toBe(404);
    expect((await other.client.delete(`/api/series/${id}`)).statusCode).toBe(404);
    expect((await volunteer.client.get('/api/series')).statusCode).toBe(403);
    expect((await owner.client.get('/api/series')).json().items[0]).toMatchObject({
      id,
      status: 'active',
    });
  });
});
