import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RegistrableRole } from '@annasetu/domain';
import type { DbOrTx } from './client.js';
import {
  GENERATED,
  IST_OFFSET,
  MENUS,
  MINUTE,
  PLACES,
  generator,
  type HistoryAccount,
} from './demo-history-data.js';
import { carryByVolunteer, expire, selfDeliver, type Journey } from './demo-history-journeys.js';
import { historyRows } from './demo-history-rows.js';
import { users, type NewDonationRow } from './schema/index.js';

export type { HistoryAccount } from './demo-history-data.js';

// Ninety days of a city's food rescue, generated the first time the demo data is added (decision
// 0033), so dashboards, analytics, trends, badges, the PDF report and the public impact page show
// real figures on a first start. Rows are written to the same tables, with the same fields,
// events and counters the workflow writes; the rollup triggers count them as they go in. The
// generator is seeded, so every first start tells the same story.

/** Days of history. */
export const DEMO_HISTORY_DAYS = 90;

/**
 * Adds the generated organisations and volunteers and 90 days of donations and their journeys
 * (posted, grabbed, collected good or bad, delivered and confirmed, self deliveries, expiries)
 * to the demo accounts `demo`. Returns how many donations were written.
 */
export async function addDemoHistory(
  tx: DbOrTx,
  demo: ReadonlyMap<RegistrableRole, HistoryAccount>,
  passwordHash: string,
  now = Date.now(),
): Promise<{ donations: number; accounts: number }> {
  const random = generator(20_26_0090);
  const joined = new Date(now - (DEMO_HISTORY_DAYS + 30) * 86_400_000);

  const created = await tx
    .insert(users)
    .values(
      GENERATED.map(([role, name, place], i) => {
        const [address, lat, lng] = PLACES[place]!;
        const org = role !== 'volunteer';
        return {
          email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@generated.demo.annasetu.in`,
          passwordHash,
          role,
          name: org ? `Contact, ${name}` : name,
          phone: `+91 98110 ${String(20001 + i).padStart(5, '0')}`,
          address,
          lat: lat + (random.next() - 0.5) * 0.01,
          lng: lng + (random.next() - 0.5) * 0.01,
          organizationName: org ? name : null,
          isVerified: role === 'foodbank',
          // Every generated volunteer carried food in the history: each passed the course first.
          hygienePassedAt: role === 'volunteer' ? joined : null,
          createdAt: new Date(joined.getTime() - random.int(0, 200) * 86_400_000),
        };
      }),
    )
    .returning();
  // The seven demo accounts joined before the history starts too.
  await tx.execute(
    sql`update users set created_at = ${joined} where id in (${sql.join(
      [...demo.values()].map((a) => sql`${a.id}`),
      sql`, `,
    )})`,
  );

  const all: HistoryAccount[] = [
    ...demo.values(),
    ...created.map((u) => ({
      id: u.id,
      role: u.role as RegistrableRole,
      display: u.organizationName ?? u.name,
      email: u.email,
      phone: u.phone,
      address: u.address,
      lat: u.lat!,
      lng: u.lng!,
    })),
  ];
  const byRole = (role: RegistrableRole) => all.filter((a) => a.role === role);
  // A demo account takes part more often than any one generated account, so signing in as it
  // shows a full history.
  const choose = (role: RegistrableRole, demoShare: number) =>
    random.next() < demoShare && demo.has(role) ? demo.get(role)! : random.pick(byRole(role));
  const donors = [...byRole('restaurant'), ...byRole('individual'), ...byRole('mess')];

  const demoIds = new Set([...demo.values()].map((a) => a.id));
  const rows = historyRows(demoIds, now);

  for (let daysAgo = DEMO_HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    // Midnight in India, that many days ago.
    const istMidnight =
      Math.floor((now + IST_OFFSET) / 86_400_000) * 86_400_000 - IST_OFFSET - daysAgo * 86_400_000;
    const weekday = new Date(istMidnight + IST_OFFSET).getUTCDay();
    // Busier at weekends (functions, full restaurants), and growing over the quarter.
    const count =
      random.int(3, 6) + (weekday === 0 || weekday === 6 ? 2 : 0) + Math.floor((90 - daysAgo) / 30);
    for (let n = 0; n < count; n++) {
      const donor =
        random.next() < 0.3
          ? choose(random.pick(['restaurant', 'individual', 'mess'] as const), 1)
          : random.pick(donors);
      const kind = donor.role as keyof typeof MENUS;
      const [foodType, cuisine, vegType, unit, min, max] = random.pick(MENUS[kind]);
      // After lunch (14:00-16:00) or after dinner (21:30-23:30), Indian time.
      const slot = random.next() < 0.5 ? 14 * 60 : 21 * 60 + 30;
      const createdAt = new Date(istMidnight + (slot + random.int(0, 120)) * MINUTE);
      const expiryHours = random.int(4, 8);
      // Every journey in the history has ended by now.
      if (createdAt.getTime() + expiryHours * 3_600_000 > now) continue;
      const quantity =
        unit === 'meals' || unit === 'packs'
          ? random.int(min, max)
          : random.int(min * 2, max * 2) / 2;
      const prepared = new Date(createdAt.getTime() - random.int(30, 120) * MINUTE);
      const donationId = randomUUID();
      const base: NewDonationRow = {
        id: donationId,
        donorId: donor.id,
        donorName: donor.display,
        donorEmail: donor.email,
        donorPhone: donor.phone,
        donorAddress: donor.address,
        donorLat: donor.lat,
        donorLng: donor.lng,
        createdAt,
        updatedAt: createdAt,
        expiryTime: new Date(createdAt.getTime() + expiryHours * 3_600_000),
        foodType,
        cuisine,
        vegType,
        quantity,
        unit,
        prepDate: new Date(prepared.getTime() + IST_OFFSET).toISOString().slice(0, 10),
        prepTime: new Date(prepared.getTime() + IST_OFFSET).toISOString().slice(11, 16),
        pickupAddress: donor.address,
        pickupLat: donor.lat + (random.next() - 0.5) * 0.002,
        pickupLng: donor.lng + (random.next() - 0.5) * 0.002,
        deliveryMethod: 'volunteer',
        expiryHours,
      };
      rows.log('donation', donationId, 'donation.created', donor.id, null, 'pending', createdAt);
      const data = { donationId, foodType };
      const roll = random.next();
      const journey: Journey = {
        rows,
        random,
        choose,
        donor,
        base,
        donationId,
        foodType,
        quantity,
        unit,
        createdAt,
        data,
      };

      if (roll >= 0.88) {
        expire(journey);
        continue;
      }
      const requestId = randomUUID();
      if (roll >= 0.78) selfDeliver(journey, requestId);
      else carryByVolunteer(journey, requestId, roll);
    }
  }

  await rows.insert(tx);
  return { donations: rows.donationRows.length, accounts: created.length };
}
