import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  boundingBox,
  compareForAlert,
  haversineKm,
  isFitForPeopleAt,
  type Weekday,
} from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { CoverageSettings } from '../../config/env.js';
import {
  coverageAlerts,
  donations,
  events,
  users,
  volunteerAvailability,
  type DonationRow,
} from '../../db/schema/index.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { deliveryPlan, isQuietAt, type DeliveryPreferences } from '../notifications/preferences.js';

/** Luxon weekday (1 = Monday) to the iCalendar day names availability stores. */
const DAY_NAMES: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** What one run of the escalation did. */
export interface CoverageRound {
  donations: number;
  alerted: number;
  donorsTold: number;
}

function isOpen(d: DonationRow, now: Date): boolean {
  return (
    d.deliveryMethod === 'volunteer' &&
    d.volunteerId === null &&
    d.deletedAt === null &&
    (d.status === 'pending' || d.status === 'accepted') &&
    d.expiryTime > now
  );
}

/** How far through its life (posting to expiry) the donation is at `now`, 0 to 1. */
function lifeFraction(d: DonationRow, now: Date): number {
  const life = d.expiryTime.getTime() - d.createdAt.getTime();
  return life <= 0 ? 1 : (now.getTime() - d.createdAt.getTime()) / life;
}

/** The instant of the first escalation point still ahead of `now`, or null when none is. */
function nextPointAfter(
  d: DonationRow,
  settings: CoverageSettings,
  now: Date,
  donorTold: boolean,
): Date | null {
  const life = d.expiryTime.getTime() - d.createdAt.getTime();
  const points = [...settings.alertPoints, ...(donorTold ? [] : [settings.donorPoint])];
  const ahead = points
    .map((p) => d.createdAt.getTime() + p * life)
    .filter((t) => t > now.getTime())
    .sort((a, b) => a - b);
  return ahead.length > 0 ? new Date(ahead[0]!) : null;
}

/** A volunteer who could be asked: where they are, when they collect, how they want alerts. */
interface Candidate {
  id: string;
  lat: number;
  lng: number;
  distanceKm: number;
  radiusKm: number | null;
  weekdays: Weekday[] | null;
  fromTime: string | null;
  toTime: string | null;
  availabilityZone: string | null;
  maxPickupsPerDay: number | null;
  notificationsOff: DeliveryPreferences['notificationsOff'];
  notificationsOn: DeliveryPreferences['notificationsOn'];
  quietFrom: string | null;
  quietTo: string | null;
  timeZone: string;
  noShows: number;
}

/** Free at `now` on their own days and hours (no availability set: always). */
export function availableAt(
  c: Pick<Candidate, 'weekdays' | 'fromTime' | 'toTime' | 'availabilityZone'>,
  now: Date,
): boolean {
  if (c.weekdays === null || c.fromTime === null || c.toTime === null) return true;
  const local = DateTime.fromJSDate(now, { zone: c.availabilityZone ?? 'Asia/Kolkata' });
  if (!c.weekdays.includes(DAY_NAMES[local.weekday - 1]!)) return false;
  const hhmm = local.toFormat('HH:mm');
  // Hours cannot pass midnight, so "until 23:59" is the whole evening: its last minute included.
  const to = c.toTime.slice(0, 5) === '23:59' ? '24:00' : c.toTime.slice(0, 5);
  return hhmm >= c.fromTime.slice(0, 5) && hhmm < to;
}

/** The volunteer left the in-app list or push on for coverage alerts, or turned SMS or WhatsApp on. */
function wantsAlerts(c: Candidate, now: Date): boolean {
  const plan = deliveryPlan(c, 'coverage_alert', now);
  return plan.inApp || plan.push || plan.sms || plan.whatsapp;
}

/**
 * Volunteers near the pickup point who were not alerted about this donation and did not give
 * it back, with their availability and notification preferences (one query, inside the widest
 * radius's bounding box).
 */
async function candidatesNear(tx: DbOrTx, d: DonationRow, radiusKm: number): Promise<Candidate[]> {
  const box = boundingBox({ lat: d.pickupLat, lng: d.pickupLng }, radiusKm);
  const lat = sql<number>`coalesce(${volunteerAvailability.homeLat}, ${users.lat})`;
  const lng = sql<number>`coalesce(${volunteerAvailability.homeLng}, ${users.lng})`;
  const rows = await tx
    .select({
      id: users.id,
      lat,
      lng,
      radiusKm: volunteerAvailability.radiusKm,
      weekdays: volunteerAvailability.weekdays,
      fromTime: volunteerAvailability.fromTime,
      toTime: volunteerAvailability.toTime,
      availabilityZone: volunteerAvailability.timeZone,
      maxPickupsPerDay: volunteerAvailability.maxPickupsPerDay,
      notificationsOff: users.notificationsOff,
      notificationsOn: users.notificationsOn,
      quietFrom: users.quietFrom,
      quietTo: users.quietTo,
      timeZone: users.timeZone,
      noShows: users.noShows,
    })
    .from(users)
    .leftJoin(volunteerAvailability, eq(volunteerAvailability.userId, users.id))
    .where(
      and(
        eq(users.role, 'volunteer'),
        sql`${users.suspendedAt} is null`,
        sql`${users.deletedAt} is null`,
        sql`${lat} between ${box.minLat} and ${box.maxLat}`,
        sql`${lng} between ${box.minLng} and ${box.maxLng}`,
        sql`not exists (select 1 from ${coverageAlerts} where ${coverageAlerts.donationId} = ${d.id} and ${coverageAlerts.volunteerId} = ${users.id})`,
        sql`not exists (select 1 from ${events} where ${events.entityId} = ${d.id} and ${events.actorId} = ${users.id} and ${events.action} = 'donation.released')`,
      ),
    );
  return rows.map((r) => ({
    ...r,
    lat: Number(r.lat),
    lng: Number(r.lng),
    distanceKm: haversineKm(
      { lat: d.pickupLat, lng: d.pickupLng },
      { lat: Number(r.lat), lng: Number(r.lng) },
    ),
  }));
}

/** How many coverage alerts each volunteer got since `since`. */
async function alertsSince(tx: DbOrTx, ids: string[], since: Date): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: coverageAlerts.volunteerId, n: sql<number>`count(*)::int` })
    .from(coverageAlerts)
    .where(and(inArray(coverageAlerts.volunteerId, ids), gte(coverageAlerts.createdAt, since)))
    .groupBy(coverageAlerts.volunteerId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/**
 * Donations each volunteer grabbed since the start of their own day and still holds (the pickup
 * cap's count, as availability counts it), for many volunteers in one query.
 */
async function pickupsSince(tx: DbOrTx, since: Map<string, Date>): Promise<Map<string, number>> {
  if (since.size === 0) return new Map();
  const earliest = new Date(Math.min(...[...since.values()].map((d) => d.getTime())));
  const rows = await tx
    .selectDistinct({ id: events.actorId, donationId: events.entityId, at: events.createdAt })
    .from(events)
    .innerJoin(donations, eq(donations.id, events.entityId))
    .where(
      and(
        inArray(events.actorId, [...since.keys()]),
        gte(events.createdAt, earliest),
        eq(events.action, 'donation.grabbed'),
        eq(donations.volunteerId, events.actorId),
      ),
    );
  const counted = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.id || row.at < since.get(row.id)!) continue;
    counted.set(row.id, (counted.get(row.id) ?? new Set()).add(row.donationId));
  }
  return new Map([...counted].map(([id, set]) => [id, set.size]));
}

/**
 * One alert round: the nearest volunteers free now within this round's radius (widened to the
 * next radii when nobody is), each at most once per donation, within their daily budget, their
 * pickup cap and outside their quiet hours. Returns how many were alerted.
 */
async function alertRound(
  tx: DbOrTx,
  d: DonationRow,
  round: number,
  settings: CoverageSettings,
  now: Date,
): Promise<number> {
  const radii = settings.radiiKm;
  const widest = radii[radii.length - 1]!;
  const near = (await candidatesNear(tx, d, widest)).filter(
    (c) =>
      c.distanceKm <= widest &&
      (c.radiusKm === null || c.distanceKm <= c.radiusKm) &&
      availableAt(c, now) &&
      !isQuietAt(c, now) &&
      wantsAlerts(c, now),
  );
  // Nearest first, repeat no-shows after everyone else (decision 0061): they are cut first by
  // the per-round cap and alerted last.
  near.sort(compareForAlert);

  // Budgets and caps, for those in reach only.
  const budgetUsed = await alertsSince(
    tx,
    near.map((c) => c.id),
    new Date(now.getTime() - 24 * 3600_000),
  );
  const capped = near.filter((c) => c.maxPickupsPerDay !== null);
  const dayStart = new Map(
    capped.map((c) => [
      c.id,
      DateTime.fromJSDate(now, { zone: c.availabilityZone ?? c.timeZone })
        .startOf('day')
        .toJSDate(),
    ]),
  );
  const pickups = await pickupsSince(tx, dayStart);
  const eligible = near.filter(
    (c) =>
      (budgetUsed.get(c.id) ?? 0) < settings.dailyBudget &&
      (c.maxPickupsPerDay === null || (pickups.get(c.id) ?? 0) < c.maxPickupsPerDay),
  );

  let radiusKm = widest;
  let chosen: Candidate[] = [];
  for (const r of radii.slice(Math.min(round - 1, radii.length - 1))) {
    chosen = eligible.filter((c) => c.distanceKm <= r);
    radiusKm = r;
    if (chosen.length > 0) break;
  }
  chosen = chosen.slice(0, settings.maxPerRound);

  // The key (donation, volunteer) keeps a volunteer from a second alert even if two rounds race.
  const inserted =
    chosen.length === 0
      ? []
      : await tx
          .insert(coverageAlerts)
          .values(
            chosen.map((c) => ({ donationId: d.id, volunteerId: c.id, round, createdAt: now })),
          )
          .onConflictDoNothing()
          .returning({ volunteerId: coverageAlerts.volunteerId });
  const alerted = new Set(inserted.map((r) => r.volunteerId));
  const order = chosen.filter((c) => alerted.has(c.id));
  await insertNotifications(
    tx,
    order.map((c) => ({
      userId: c.id,
      type: 'coverage_alert' as const,
      data: { donationId: d.id, foodType: d.foodType },
    })),
    now,
  );
  await appendEvent(tx, {
    entityType: 'donation',
    entityId: d.id,
    action: 'donation.coverage_alerted',
    actorId: null,
    data: { round, radiusKm, volunteers: order.length, volunteerIds: order.map((c) => c.id) },
  });
  return order.length;
}

/**
 * Runs every coverage step due at `now` (a parameter, so tests move the clock). Due donations are
 * claimed with `FOR UPDATE SKIP LOCKED`, so any number of instances can run it at once and each
 * step happens once; the next step's time is written in the same transaction.
 */
export async function escalateDue(
  database: Database,
  settings: CoverageSettings,
  now: Date,
  batch: number,
): Promise<CoverageRound> {
  return database.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(donations)
      .where(and(isNotNull(donations.escalateAt), lte(donations.escalateAt, now)))
      .orderBy(asc(donations.escalateAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    const result: CoverageRound = { donations: due.length, alerted: 0, donorsTold: 0 };
    for (const d of due) {
      if (!isOpen(d, now)) {
        await tx
          .update(donations)
          .set({ escalateAt: null, realert: false })
          .where(eq(donations.id, d.id));
        continue;
      }
      const f = lifeFraction(d, now);
      let rounds = d.escalationRounds;
      let donorToldAt = d.donorToldAt;
      // Past its safe-by time the food can no longer go to people: volunteers are not summoned
      // to take it to a food bank (the donor is still told it is unclaimed).
      const offerable = isFitForPeopleAt(d, now);
      if (offerable && (d.realert || (f >= settings.alertPoints[0]! && f < settings.donorPoint))) {
        rounds += 1;
        result.alerted += await alertRound(tx, d, rounds, settings, now);
      }
      if (f >= settings.donorPoint && donorToldAt === null) {
        donorToldAt = now;
        result.donorsTold += 1;
        await insertNotifications(
          tx,
          [
            {
              userId: d.donorId,
              type: 'coverage_unclaimed',
              data: { donationId: d.id, foodType: d.foodType },
            },
          ],
          now,
        );
        await appendEvent(tx, {
          entityType: 'donation',
          entityId: d.id,
          action: 'donation.coverage_donor_told',
          actorId: null,
          data: { alertRounds: rounds },
        });
      }
      await tx
        .update(donations)
        .set({
          escalateAt: nextPointAfter(d, settings, now, donorToldAt !== null),
          escalationRounds: rounds,
          donorToldAt,
          realert: false,
        })
        .where(eq(donations.id, d.id));
    }
    return result;
  });
}
