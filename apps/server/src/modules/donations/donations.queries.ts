import { and, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  FSSAI_ROLES,
  hasAnyRole,
  safeForPeopleUntil,
  type Allergen,
  type DonationStatus,
  type HoldingKind,
} from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { donations, users, type DonationRow, type NewDonationRow } from '../../db/schema/index.js';

/** How a donation's food is kept, as a request card shows it. */
export interface FoodSafety {
  holding: HoldingKind | null;
  allergens: Allergen[];
  safeUntil: Date | null;
}

/** A donation row with the donor's verification flag and, for searches around a point, distance. */
export interface DonationListRow<Row = DonationRow> {
  donation: Row;
  donorVerified: boolean;
  distanceKm: number | null;
}

/**
 * The columns a feed card reads (the public view of a donation): the feeds select only these, so
 * the donor's contact details never leave the database for a feed and each of a page's rows is
 * a third narrower to fetch and map.
 */
export const feedDonationColumns = {
  id: donations.id,
  donorId: donations.donorId,
  donorName: donations.donorName,
  donorLat: donations.donorLat,
  donorLng: donations.donorLng,
  status: donations.status,
  createdAt: donations.createdAt,
  updatedAt: donations.updatedAt,
  completedAt: donations.completedAt,
  expiryTime: donations.expiryTime,
  isExpired: donations.isExpired,
  totalRequests: donations.totalRequests,
  acceptedRequests: donations.acceptedRequests,
  foodType: donations.foodType,
  cuisine: donations.cuisine,
  vegType: donations.vegType,
  quantity: donations.quantity,
  unit: donations.unit,
  notes: donations.notes,
  prepDate: donations.prepDate,
  prepTime: donations.prepTime,
  pickupAddress: donations.pickupAddress,
  pickupLat: donations.pickupLat,
  pickupLng: donations.pickupLng,
  deliveryMethod: donations.deliveryMethod,
  expiryHours: donations.expiryHours,
  volunteerId: donations.volunteerId,
  volunteerName: donations.volunteerName,
  co2Saved: donations.co2Saved,
  mealsDonated: donations.mealsDonated,
  impactBasis: donations.impactBasis,
  measuredQuantity: donations.measuredQuantity,
  seriesId: donations.seriesId,
  holding: donations.holding,
  useBy: donations.useBy,
  allergens: donations.allergens,
  foodSafeUntil: donations.foodSafeUntil,
} as const;

/** A donation as a feed reads it (see feedDonationColumns). */
export type FeedDonationRow = Pick<DonationRow, keyof typeof feedDonationColumns>;

export async function insertDonation(db: DbOrTx, values: NewDonationRow): Promise<DonationRow> {
  // A volunteer-delivery donation enters coverage escalation: the job schedules its steps.
  const escalation =
    values.deliveryMethod === 'volunteer' && values.escalateAt === undefined
      ? { escalateAt: sql`now()` }
      : {};
  const [row] = await db
    .insert(donations)
    .values({ ...values, ...escalation })
    .returning();
  return row!;
}

/** One donation that has not been deleted; `forUpdate` locks it for the rest of the transaction. */
export async function findDonation(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DonationRow | undefined> {
  const query = db
    .select()
    .from(donations)
    .where(and(eq(donations.id, id), isNull(donations.deletedAt)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** One live donation with its donor's verification badge. */
export async function findDonationWithDonor(
  db: DbOrTx,
  id: string,
): Promise<
  | {
      donation: DonationRow;
      donorVerified: boolean;
      /** Null for a food business without a number; undefined for an exempt donor. */
      donorFssai: { number: string; verified: boolean } | null | undefined;
    }
  | undefined
> {
  const [row] = await db
    .select({
      donation: donations,
      donorVerified: users.isVerified,
      donorRole: users.role,
      fssaiNumber: users.fssaiNumber,
      fssaiVerifiedAt: users.fssaiVerifiedAt,
    })
    .from(donations)
    .innerJoin(users, eq(users.id, donations.donorId))
    .where(and(eq(donations.id, id), isNull(donations.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const { fssaiNumber, fssaiVerifiedAt, donorRole, ...rest } = row;
  const exempt = !hasAnyRole(donorRole, FSSAI_ROLES) && fssaiNumber === null;
  return {
    ...rest,
    donorFssai: exempt
      ? undefined
      : fssaiNumber
        ? { number: fssaiNumber, verified: fssaiVerifiedAt !== null }
        : null,
  };
}

/** How several donations' food is kept and until when it is fit for people, by donation id. */
export async function listFoodSafety(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, FoodSafety>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: donations.id,
      holding: donations.holding,
      allergens: donations.allergens,
      foodSafeUntil: donations.foodSafeUntil,
      expiryTime: donations.expiryTime,
    })
    .from(donations)
    .where(inArray(donations.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ id, holding, allergens, ...times }) => [
      id,
      { holding, allergens, safeUntil: safeForPeopleUntil(times) },
    ]),
  );
}

/**
 * The pickup points of several donations by id, deleted ones included (old requests keep theirs),
 * with the current grab's deadline to collect by (decision 0061).
 */
export async function listPickupPoints(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { lat: number; lng: number; collectBy: Date | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: donations.id,
      lat: donations.pickupLat,
      lng: donations.pickupLng,
      collectBy: donations.collectBy,
    })
    .from(donations)
    .where(inArray(donations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { lat: r.lat, lng: r.lng, collectBy: r.collectBy }]));
}

/** "donations by donorId, newest first" (seed section 7), keyset-paginated. */
export async function listDonationsByDonor(
  db: DbOrTx,
  params: {
    donorId: string;
    status?: DonationStatus | undefined;
    limit: number;
    after?: [string, string] | undefined;
  },
): Promise<DonationListRow[]> {
  const conditions: SQL[] = [eq(donations.donorId, params.donorId), isNull(donations.deletedAt)];
  if (params.status) conditions.push(eq(donations.status, params.status));
  if (params.after) conditions.push(olderThan(params.after));
  const rows = await db
    .select({ donation: donations, donorVerified: users.isVerified })
    .from(donations)
    .innerJoin(users, eq(users.id, donations.donorId))
    .where(and(...conditions))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(params.limit);
  return rows.map((r) => ({ ...r, distanceKm: null }));
}

// (created_at, id) strictly before the cursor, matching ORDER BY created_at DESC, id DESC.
export function olderThan([createdAt, id]: [string, string]): SQL {
  return or(
    lt(donations.createdAt, new Date(createdAt)),
    and(eq(donations.createdAt, new Date(createdAt)), lt(donations.id, id)),
  )!;
}

/** Soft-deletes a donation (its row stays for history and impact; see decision 0005). */
export async function markDonationDeleted(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(donations)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(donations.id, id));
}

/** Counts one more request on a donation. */
export async function incrementDonationRequests(
  db: DbOrTx,
  id: string,
  accepted = 0,
): Promise<void> {
  await db
    .update(donations)
    .set({
      totalRequests: sql`${donations.totalRequests} + 1`,
      acceptedRequests: sql`${donations.acceptedRequests} + ${accepted}`,
      updatedAt: sql`now()`,
    })
    .where(eq(donations.id, id));
}

/**
 * Marks pending donations past their expiry time as expired and returns them. One statement, so
 * a donation a receiver is requesting at the same moment is either requested or expired.
 */
export async function expireDueDonations(db: DbOrTx, limit: number): Promise<DonationRow[]> {
  return db
    .update(donations)
    .set({ status: 'expired', isExpired: true, updatedAt: sql`now()` })
    .where(
      inArray(
        donations.id,
        db
          .select({ id: donations.id })
          .from(donations)
          .where(
            and(
              eq(donations.status, 'pending'),
              lte(donations.expiryTime, sql`now()`),
              isNull(donations.deletedAt),
            ),
          )
          .orderBy(donations.expiryTime)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** Applies changes to one donation and returns the new row. */
export async function updateDonation(
  db: DbOrTx,
  id: string,
  changes: Partial<Omit<DonationRow, 'id' | 'createdAt'>>,
): Promise<DonationRow> {
  const [row] = await db
    .update(donations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(donations.id, id))
    .returning();
  return row!;
}

/**
 * The atomic claim behind "grab": one conditional UPDATE, so of many volunteers grabbing at once
 * exactly one gets the row back; the others get nothing.
 */
export async function claimDonationForVolunteer(
  db: DbOrTx,
  id: string,
  volunteer: { id: string; name: string },
): Promise<DonationRow | undefined> {
  const [row] = await db
    .update(donations)
    .set({
      volunteerId: volunteer.id,
      volunteerName: volunteer.name,
      status: 'accepted',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(donations.id, id),
        isNull(donations.volunteerId),
        isNull(donations.deletedAt),
        eq(donations.deliveryMethod, 'volunteer'),
        inArray(donations.status, ['pending', 'accepted']),
        gt(donations.expiryTime, sql`now()`),
      ),
    )
    .returning();
  return row;
}
