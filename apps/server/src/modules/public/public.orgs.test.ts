// Both engines: the public rollups and cards, read back in SQL.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  IMPACT_GRID_CELLS_PER_DEGREE,
  PUBLIC_IMPACT_RANGES,
  PUBLIC_IMPACT_TABLES,
  publicOrgCardSchema,
} from '@annasetu/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, TestClient } from '../../test/build-app.js';

import {
  anonymous,
  bank,
  farm,
  impact,
  mess,
  points,
  restaurant,
  t,
  useSmallCity,
  volunteer,
} from './public.fixture.js';

// The small city of public.fixture.ts: two donors, ten rescues, one donation still waiting.
useSmallCity();

describe('organisation impact cards', () => {
  it('are off by default and appear and disappear at once with the opt-in', async () => {
    const me = (await restaurant.client.get('/api/me')).json().user;
    expect(me).toMatchObject({ publicImpact: false, publicSlug: null });

    const on = await restaurant.client.patch('/api/me', { publicImpact: true });
    expect(on.statusCode, on.body).toBe(200);
    const slug = on.json().user.publicSlug as string;
    expect(on.json().user.publicImpact).toBe(true);
    expect(slug).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await restaurant.client.get('/api/me')).json().user.publicSlug).toBe(slug);

    const card = await anonymous.get(`/api/public/orgs/${slug}`);
    expect(card.statusCode, card.body).toBe(200);
    const body = publicOrgCardSchema.parse(card.json());
    const [own] = rowsOf<{ n: unknown; meals: unknown }>(
      await t.database.db.execute(sql`
        select count(*) as n, coalesce(sum(meals_donated), 0) as meals from donations
        where donor_id = ${restaurant.user.id} and status = 'completed'`),
    );
    expect(body).toMatchObject({
      slug,
      displayName: 'Saffron Kitchen Trust',
      role: 'restaurant',
      totals: { completedDonations: Number(own!.n), meals: Number(own!.meals) },
    });
    expect(body.totals.completedDonations).toBeGreaterThan(0);
    expect(card.headers['cache-control']).toBe('public, no-cache');

    const badge = await anonymous.get(`/api/public/orgs/${slug}/badge.svg`);
    expect(badge.statusCode).toBe(200);
    expect(badge.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(badge.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(badge.body).toContain('Saffron Kitchen Trust');
    expect(badge.body).toContain('Meals donated');
    expect(badge.body).toContain(`>${body.totals.meals}<`);
    const hindi = await anonymous.get(`/api/public/orgs/${slug}/badge.svg?lang=hi`);
    expect(hindi.body).toContain('दान किए गए भोजन');
    expect(hindi.body).toContain('font-family="');
    expect(hindi.body).toContain('lang="hi"');
    expect((await anonymous.get(`/api/public/orgs/${slug}/badge.svg?lang=xx`)).statusCode).toBe(
      400,
    );

    // Switching it on again keeps the address; switching off removes both at once.
    expect(
      (await restaurant.client.patch('/api/me', { publicImpact: true })).json().user.publicSlug,
    ).toBe(slug);
    const off = await restaurant.client.patch('/api/me', { publicImpact: false });
    expect(off.json().user).toMatchObject({ publicImpact: false, publicSlug: null });
    expect((await anonymous.get(`/api/public/orgs/${slug}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/public/orgs/${slug}/badge.svg`)).statusCode).toBe(404);

    const again = await restaurant.client.patch('/api/me', { publicImpact: true });
    const newSlug = again.json().user.publicSlug as string;
    expect(newSlug).not.toBe(slug);
    expect((await anonymous.get(`/api/public/orgs/${slug}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/public/orgs/${newSlug}`)).statusCode).toBe(200);
  });

  it("count a receiver's deliveries received", async () => {
    const slug = (await bank.client.patch('/api/me', { publicImpact: true })).json().user
      .publicSlug as string;
    const card = (await anonymous.get(`/api/public/orgs/${slug}`)).json();
    expect(card).toMatchObject({ role: 'foodbank', totals: { completedDonations: 8 } });
    const badge = await anonymous.get(`/api/public/orgs/${slug}/badge.svg`);
    expect(badge.body).toContain('Deliveries received');
  });

  it('are for organisations only: volunteers, admins and accounts without an organisation name cannot publish one', async () => {
    const volunteerTry = await volunteer.client.patch('/api/me', { publicImpact: true });
    expect(volunteerTry.statusCode).toBe(403);
    expect(volunteerTry.json().code).toBe('FORBIDDEN');
    const noName = await mess.client.patch('/api/me', { publicImpact: true });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details[0]).toMatchObject({
      field: 'publicImpact',
      code: 'ORGANIZATION_REQUIRED',
    });
    expect((await mess.client.get('/api/me')).json().user.publicSlug).toBeNull();
    expect((await anonymous.get('/api/public/orgs/not-a-real-slug-000')).statusCode).toBe(404);
    expect((await anonymous.get('/api/public/orgs/x')).statusCode).toBe(400);
  });

  it('disappear when the account is suspended', async () => {
    const slug = (await farm.client.patch('/api/me', { publicImpact: true })).json().user
      .publicSlug as string;
    expect((await anonymous.get(`/api/public/orgs/${slug}`)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update users set suspended_at = now() where id = ${farm.user.id}`,
    );
    expect((await anonymous.get(`/api/public/orgs/${slug}`)).statusCode).toBe(404);
    await t.database.db.execute(
      sql`update users set suspended_at = null where id = ${farm.user.id}`,
    );
  });
});

describe('nothing personal in any public answer', () => {
  it('holds no email, phone, address, name of a person, account id or point finer than the grid', async () => {
    const slugs = [];
    for (const actor of [restaurant, bank, farm]) {
      slugs.push(
        (await actor.client.patch('/api/me', { publicImpact: true })).json().user.publicSlug,
      );
    }
    const answers: string[] = [];
    for (const range of PUBLIC_IMPACT_RANGES) {
      answers.push((await anonymous.get(`/api/public/impact?range=${range}`)).body);
      for (const table of PUBLIC_IMPACT_TABLES) {
        answers.push(
          (await anonymous.get(`/api/public/impact.csv?range=${range}&table=${table}`)).body,
        );
      }
    }
    for (const slug of slugs) {
      answers.push((await anonymous.get(`/api/public/orgs/${slug}`)).body);
      for (const lang of ['en', 'hi', 'ta']) {
        answers.push((await anonymous.get(`/api/public/orgs/${slug}/badge.svg?lang=${lang}`)).body);
      }
    }
    const users = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select id, email, phone, address, name, lat, lng from users`),
    );
    const secrets = new Set<string>();
    for (const u of users) {
      for (const key of ['id', 'email', 'phone', 'address', 'name'] as const) {
        secrets.add(String(u[key]));
      }
      if (u.lat !== null) secrets.add(String(u.lat)).add(String(u.lng));
    }
    for (const p of points) secrets.add(String(p.lat)).add(String(p.lng));
    const ids = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`select id::text from donations union all select id::text from requests`,
      ),
    );
    for (const { id } of ids) secrets.add(id);
    const everything = answers.join('\n');
    expect(everything.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(everything, secret).not.toContain(secret);
    // Every coordinate in the JSON is a cell centre.
    for (const range of PUBLIC_IMPACT_RANGES) {
      for (const cell of (await impact(range)).cells) {
        const g = IMPACT_GRID_CELLS_PER_DEGREE;
        expect(cell.lat * g - Math.floor(cell.lat * g)).toBeCloseTo(0.5, 6);
        expect(cell.lng * g - Math.floor(cell.lng * g)).toBeCloseTo(0.5, 6);
      }
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with a code past the per-address limit of the public routes', async () => {
    const limited = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = new TestClient(limited.app, { ip: '203.0.113.9' });
      const answers = [];
      for (const url of [
        '/api/public/impact',
        '/api/public/impact.csv',
        '/api/public/orgs/unknown-slug-0000',
        '/api/public/impact',
      ]) {
        answers.push(await client.get(url));
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 429]);
      expect(answers[3]!.json().code).toBe('RATE_LIMITED');
      // Another address has its own window.
      const other = new TestClient(limited.app, { ip: '203.0.113.10' });
      expect((await other.get('/api/public/impact')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
