import { DateTime } from 'luxon';
import type { Availability, AvailabilityData } from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { AvailabilityRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { countPickupsSince, findAvailability, upsertAvailability } from './availability.queries.js';

/** Midnight today on the volunteer's wall clock, as an instant. */
function startOfLocalDay(zone: string, now: Date): Date {
  return DateTime.fromJSDate(now, { zone }).startOf('day').toJSDate();
}

function present(row: AvailabilityRow, pickupsToday: number): Availability {
  return {
    weekdays: row.weekdays,
    fromTime: row.fromTime,
    toTime: row.toTime,
    timeZone: row.timeZone,
    home:
      row.homeLat !== null && row.homeLng !== null ? { lat: row.homeLat, lng: row.homeLng } : null,
    radiusKm: row.radiusKm,
    maxPickupsPerDay: row.maxPickupsPerDay,
    pickupsToday,
  };
}

/** The volunteer's availability, or null when they never set it. */
export async function getAvailability(
  database: Database,
  volunteer: UserRow,
  now = new Date(),
): Promise<Availability | null> {
  const row = await findAvailability(database.db, volunteer.id);
  if (!row) return null;
  const today = await countPickupsSince(
    database.db,
    volunteer.id,
    startOfLocalDay(row.timeZone, now),
  );
  return present(row, today);
}

/** Saves the volunteer's availability; the home point defaults to the profile location. */
export async function saveAvailability(
  database: Database,
  volunteer: UserRow,
  input: AvailabilityData,
  now = new Date(),
): Promise<Availability> {
  const home =
    input.home ??
    (volunteer.lat !== null && volunteer.lng !== null
      ? { lat: volunteer.lat, lng: volunteer.lng }
      : null);
  const row = await upsertAvailability(database.db, {
    userId: volunteer.id,
    weekdays: input.weekdays,
    fromTime: input.fromTime,
    toTime: input.toTime,
    timeZone: input.timeZone,
    homeLat: home?.lat ?? null,
    homeLng: home?.lng ?? null,
    radiusKm: input.radiusKm,
    maxPickupsPerDay: input.maxPickupsPerDay,
  });
  const today = await countPickupsSince(
    database.db,
    volunteer.id,
    startOfLocalDay(row.timeZone, now),
  );
  return present(row, today);
}

/**
 * Refuses a grab that would pass the volunteer's daily cap. Call it first inside the grab's
 * transaction: it locks the volunteer's availability row, so two grabs by the same volunteer
 * at once are counted one after the other and cannot both slip under the cap.
 */
export async function enforcePickupCap(tx: DbOrTx, volunteerId: string, now = new Date()) {
  const row = await findAvailability(tx, volunteerId, { forUpdate: true });
  if (!row || row.maxPickupsPerDay === null) return;
  const today = await countPickupsSince(tx, volunteerId, startOfLocalDay(row.timeZone, now));
  if (today >= row.maxPickupsPerDay) throw new AppError('PICKUP_CAP_REACHED');
}

/** The area a volunteer's feed covers when they set one: their home point and radius. */
export async function volunteerArea(
  db: DbOrTx,
  volunteerId: string,
): Promise<{ center: { lat: number; lng: number } | null; radiusKm: number } | null> {
  const row = await findAvailability(db, volunteerId);
  if (!row) return null;
  return {
    center:
      row.homeLat !== null && row.homeLng !== null ? { lat: row.homeLat, lng: row.homeLng } : null,
    radiusKm: row.radiusKm,
  };
}
