// Synthetic donations spread over India's cities, inserted straight into the server's schema.
//
// Library: `await generateDonations(database, { donations: 100_000 })` on an open Database from
// the server's openPglite/openPostgres (migrated). CLI:
//   node --import tsx src/generate.ts --donations 100000 --data-dir ./data   (PGlite, as DATA_DIR)
//   node --import tsx src/generate.ts --donations 100000 --database-url postgres://...
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getTableColumns, sql } from 'drizzle-orm';
import {
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  EARTH_RADIUS_KM,
  VOLUNTEER_TOKENS_PER_COMPLETION,
  co2ForDonation,
  kgFor,
  mealsFor,
  type Coordinates,
  type DeliveryMethod,
  type DestinationType,
  type DonationStatus,
  type Role,
  type Unit,
  type VegType,
} from '@annasetu/domain';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import {
  collections,
  donations,
  requests,
  users,
  type NewDonationRow,
  type NewRequestRow,
  type NewUserRow,
} from '../../apps/server/src/db/schema/index.js';

export interface City {
  name: string;
  state: string;
  lat: number;
  lng: number;
  /** Urban-agglomeration population in millions, used as the sampling weight. */
  population: number;
}

/** Large Indian cities; population figures are rounded metro estimates. */
export const CITIES: readonly City[] = [
  { name: 'Delhi', state: 'Delhi', lat: 28.6139, lng: 77.209, population: 32 },
  { name: 'Mumbai', state: 'Maharashtra', lat: 19.076, lng: 72.8777, population: 21 },
  { name: 'Kolkata', state: 'West Bengal', lat: 22.5726, lng: 88.3639, population: 15 },
  { name: 'Bengaluru', state: 'Karnataka', lat: 12.9716, lng: 77.5946, population: 13 },
  { name: 'Chennai', state: 'Tamil Nadu', lat: 13.0827, lng: 80.2707, population: 11.5 },
  { name: 'Hyderabad', state: 'Telangana', lat: 17.385, lng: 78.4867, population: 10.5 },
  { name: 'Ahmedabad', state: 'Gujarat', lat: 23.0225, lng: 72.5714, population: 8.5 },
  { name: 'Surat', state: 'Gujarat', lat: 21.1702, lng: 72.8311, population: 7.5 },
  { name: 'Pune', state: 'Maharashtra', lat: 18.5204, lng: 73.8567, population: 7 },
  { name: 'Jaipur', state: 'Rajasthan', lat: 26.9124, lng: 75.7873, population: 4 },
  { name: 'Lucknow', state: 'Uttar Pradesh', lat: 26.8467, lng: 80.9462, population: 3.9 },
  { name: 'Kanpur', state: 'Uttar Pradesh', lat: 26.4499, lng: 80.3319, population: 3.2 },
  { name: 'Indore', state: 'Madhya Pradesh', lat: 22.7196, lng: 75.8577, population: 3.2 },
  { name: 'Nagpur', state: 'Maharashtra', lat: 21.1458, lng: 79.0882, population: 2.9 },
  { name: 'Coimbatore', state: 'Tamil Nadu', lat: 11.0168, lng: 76.9558, population: 2.9 },
  { name: 'Patna', state: 'Bihar', lat: 25.5941, lng: 85.1376, population: 2.5 },
  { name: 'Bhopal', state: 'Madhya Pradesh', lat: 23.2599, lng: 77.4126, population: 2.4 },
  { name: 'Kochi', state: 'Kerala', lat: 9.9312, lng: 76.2673, population: 2.3 },
  { name: 'Visakhapatnam', state: 'Andhra Pradesh', lat: 17.6868, lng: 83.2185, population: 2.3 },
  { name: 'Vadodara', state: 'Gujarat', lat: 22.3072, lng: 73.1812, population: 2.2 },
  { name: 'Agra', state: 'Uttar Pradesh', lat: 27.1767, lng: 78.0081, population: 2.2 },
  { name: 'Nashik', state: 'Maharashtra', lat: 19.9975, lng: 73.7898, population: 2.1 },
  { name: 'Ludhiana', state: 'Punjab', lat: 30.901, lng: 75.8573, population: 1.9 },
  { name: 'Thiruvananthapuram', state: 'Kerala', lat: 8.5241, lng: 76.9366, population: 1.7 },
  { name: 'Madurai', state: 'Tamil Nadu', lat: 9.9252, lng: 78.1198, population: 1.6 },
  { name: 'Varanasi', state: 'Uttar Pradesh', lat: 25.3176, lng: 82.9739, population: 1.6 },
  { name: 'Srinagar', state: 'Jammu and Kashmir', lat: 34.0837, lng: 74.7973, population: 1.6 },
  { name: 'Ranchi', state: 'Jharkhand', lat: 23.3441, lng: 85.3096, population: 1.5 },
  { name: 'Raipur', state: 'Chhattisgarh', lat: 21.2514, lng: 81.6296, population: 1.3 },
  { name: 'Amritsar', state: 'Punjab', lat: 31.634, lng: 74.8723, population: 1.3 },
  { name: 'Guwahati', state: 'Assam', lat: 26.1445, lng: 91.7362, population: 1.2 },
  { name: 'Chandigarh', state: 'Chandigarh', lat: 30.7333, lng: 76.7794, population: 1.2 },
  { name: 'Bhubaneswar', state: 'Odisha', lat: 20.2961, lng: 85.8245, population: 1.1 },
];

export function cityNamed(name: string): City {
  const city = CITIES.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!city)
    throw new Error(`unknown city ${name}; known: ${CITIES.map((c) => c.name).join(', ')}`);
  return city;
}

export interface GenerateOptions {
  donations: number;
  /** Same seed, same data (apart from ids and the clock). */
  seed?: number;
  /** Average donations per donor account; donors are created alongside. */
  donationsPerDonor?: number;
  /** Points fall within this distance of a city centre, denser towards the centre. */
  jitterKm?: number;
  /** Share of donations that are pending (the rest: accepted, completed, expired, rejected). */
  pendingShare?: number;
  now?: Date;
  onProgress?: (inserted: number, total: number) => void;
  /**
   * Also the rows impact statistics read: volunteers, food banks and poultry farmers, and for
   * every accepted, completed or rejected donation its request (volunteer-carried or self
   * delivery) and collection. Off by default, and drawn from its own random stream, so the
   * donations and donors of a seed stay exactly what they are without it.
   */
  workflow?: WorkflowOptions;
}

export interface WorkflowOptions {
  /** Volunteer accounts (default: one per 200 donations). */
  volunteers?: number;
  /** Food bank accounts (default: one per 2,000 donations). */
  foodbanks?: number;
  /** Poultry farm accounts (default: one per 5,000 donations). */
  poultry?: number;
  /** Share of all donations posted by one large donor, the first (default 0.005). */
  heavyDonorShare?: number;
}

export interface GenerateSummary {
  donors: number;
  donations: number;
  /** With `workflow`: the rows written for impact statistics. */
  requests?: number;
  collections?: number;
  byStatus: Record<string, number>;
  byCity: Record<string, number>;
  milliseconds: number;
}

/** mulberry32: tiny, fast and seedable, so two runs with one seed give the same spread. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = readonly (readonly [T, number])[];

function picker<T>(random: () => number, choices: Weighted<T>): () => T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const [, w] of choices) cumulative.push((running += w / total));
  return () => {
    const r = random();
    const i = cumulative.findIndex((c) => r < c);
    return choices[i === -1 ? choices.length - 1 : i]![0];
  };
}

const DONOR_ROLES: Weighted<Role> = [
  ['restaurant', 0.55],
  ['mess', 0.2],
  ['individual', 0.25],
];
const UNITS: Weighted<Unit> = [
  ['meals', 0.55],
  ['kg', 0.25],
  ['packs', 0.12],
  ['liters', 0.08],
];
const VEG: Weighted<VegType> = [
  ['veg', 0.6],
  ['nonveg', 0.25],
  ['mixed', 0.15],
];
const EXPIRY_HOURS: Weighted<number> = [
  [2, 0.1],
  [4, 0.2],
  [6, 0.4],
  [8, 0.1],
  [12, 0.12],
  [24, 0.08],
];
const MENU: readonly (readonly [string, string])[] = [
  ['North Indian', 'Dal makhani, jeera rice, roti'],
  ['North Indian', 'Rajma chawal'],
  ['North Indian', 'Chole bhature'],
  ['South Indian', 'Idli, sambar, coconut chutney'],
  ['South Indian', 'Lemon rice and curd rice'],
  ['South Indian', 'Vegetable biryani'],
  ['Bengali', 'Fish curry and rice'],
  ['Gujarati', 'Thepla and undhiyu'],
  ['Hyderabadi', 'Chicken biryani'],
  ['Maharashtrian', 'Pav bhaji'],
  ['Punjabi', 'Paneer butter masala, naan'],
  ['Street food', 'Samosa and chutney'],
  ['Bakery', 'Bread loaves and buns'],
  ['Continental', 'Pasta and garlic bread'],
  ['Home style', 'Khichdi'],
];
const AREAS = ['Sector', 'Nagar', 'Colony', 'Market', 'Road', 'Layout', 'Bazaar', 'Enclave'];

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** A point `distanceKm` from `center` at `bearing` radians (flat-earth offset; fine at 15 km). */
function offset(center: Coordinates, distanceKm: number, bearing: number): Coordinates {
  const lat = center.lat + (distanceKm * Math.cos(bearing)) / KM_PER_DEGREE;
  const lng =
    center.lng +
    (distanceKm * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

const ROWS_PER_INSERT = 10_000;

/** One element of a PostgreSQL array literal. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * Inserts many rows with one statement per batch: each column travels as one array parameter
 * and `unnest` turns them back into rows. Far fewer parameters to bind than a multi-row VALUES
 * list (which also stops at 65,535 parameters), and the same SQL on PGlite and PostgreSQL.
 * Columns and their types come from the server's Drizzle table, so the schema stays the truth.
 */
export async function insertMany<
  T extends typeof users | typeof donations | typeof requests | typeof collections,
>(database: Database, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key]) => (rows[0] as Record<string, unknown>)[key] !== undefined,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + ROWS_PER_INSERT) as Record<string, unknown>[];
    const arrays = columns.map(
      ([key, column]) =>
        sql`${`{${batch.map((row) => arrayElement(row[key] == null ? null : column.mapToDriverValue(row[key]))).join(',')}}`}::${sql.raw(column.getSQLType())}[]`,
    );
    await database.db.execute(
      sql`insert into ${table} (${sql.join(
        columns.map(([, column]) => sql.identifier(column.name)),
        sql`, `,
      )}) select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
}

interface Account {
  id: string;
  role: Role;
  name: string;
  email: string;
  phone: string;
  address: string;
  point: Coordinates;
}

type NewCollectionRow = typeof collections.$inferInsert;

/**
 * The accounts and rows behind impact statistics, for `GenerateOptions.workflow`. Everything
 * random here comes from its own stream. Who carries or receives is skewed (u^2 over the list),
 * so the first volunteer, food bank and poultry farm are the heavy accounts a benchmark wants.
 */
function workflowBuilder(total: number, seed: number, now: number, options: WorkflowOptions) {
  const random = prng(seed ^ 0x5eed_f00d);
  const tag = crypto.randomBytes(4).toString('hex');
  const accounts = (role: Role, count: number, label: string): Account[] =>
    Array.from({ length: Math.max(1, count) }, (_, i) => {
      const city = CITIES[i % CITIES.length]!;
      return {
        id: crypto.randomUUID(),
        role,
        name: `${city.name} ${label} ${i + 1}`,
        email: `${role}.${tag}.${i + 1}@bench.annasetu.in`,
        phone: `+91 8${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
        address: `${1 + Math.floor(random() * 200)} ${AREAS[i % AREAS.length]}, ${city.name}, ${city.state}`,
        point: offset(city, 10 * random(), random() * 2 * Math.PI),
      };
    });
  const volunteers = accounts(
    'volunteer',
    options.volunteers ?? Math.round(total / 200),
    'Volunteer',
  );
  const foodbanks = accounts(
    'foodbank',
    options.foodbanks ?? Math.round(total / 2000),
    'Food Bank',
  );
  const poultry = accounts('poultry', options.poultry ?? Math.round(total / 5000), 'Poultry Farm');
  const skewed = (list: readonly Account[]) => list[Math.floor(random() ** 2 * list.length)]!;
  const HOUR = 3_600_000;

  /** Requests and collections for one batch of donation rows, which get ids and carriers. */
  function attach(rows: NewDonationRow[]): {
    requests: NewRequestRow[];
    collections: NewCollectionRow[];
  } {
    const requestRows: NewRequestRow[] = [];
    const collectionRows: NewCollectionRow[] = [];
    for (const row of rows) {
      // Every row carries every column: insertMany takes the column list from the first row.
      row.id = crypto.randomUUID();
      row.volunteerId = null;
      row.volunteerName = null;
      const status = row.status!;
      if (status !== 'completed' && status !== 'accepted' && status !== 'rejected') continue;
      const created = row.createdAt!.getTime();
      const good = status !== 'rejected';
      // A volunteer who finds the food unfit takes it to a poultry farm.
      const destinationType: DestinationType = good && random() < 0.85 ? 'foodbank' : 'poultry';
      const destination = skewed(destinationType === 'foodbank' ? foodbanks : poultry);
      if (status === 'rejected') {
        row.completedAt = new Date(created + random() * row.expiryHours! * HOUR);
      }
      const collectedAt = row.completedAt ?? null;
      const deliveredAt = collectedAt
        ? new Date(collectedAt.getTime() + (0.25 + random() * 2.75) * HOUR)
        : null;
      const fulfilled = deliveredAt !== null && deliveredAt.getTime() < now;
      const requestStatus =
        status === 'accepted' ? 'accepted' : fulfilled ? 'fulfilled' : 'collected';
      const quality = status === 'accepted' ? null : good ? 'good' : 'bad';
      const destinationFields = {
        destinationUserId: destination.id,
        destinationName: destination.name,
        destinationEmail: destination.email,
        destinationAddress: destination.address,
        destinationPhone: destination.phone,
        destinationType,
        destinationNotified: true,
        destinationAccepted: requestStatus === 'fulfilled',
      };
      const common = {
        id: crypto.randomUUID(),
        donationId: row.id,
        status: requestStatus,
        createdAt: new Date(created + random() * 0.5 * HOUR),
        updatedAt: deliveredAt && fulfilled ? deliveredAt : (collectedAt ?? new Date(created)),
        foodType: row.foodType!,
        quantity: row.quantity!,
        unit: row.unit!,
        donorId: row.donorId!,
        donorName: row.donorName!,
        donorEmail: row.donorEmail!,
        donorAddress: row.pickupAddress!,
        quality,
        co2Saved: row.co2Saved ?? 0,
        collectedAt: requestStatus === 'accepted' ? null : collectedAt,
        fulfilledAt: fulfilled ? deliveredAt : null,
        isSelfDelivery: false,
        isVolunteerRequest: false,
        isRoutedByVolunteer: false,
        volunteerId: null,
        volunteerName: null,
        volunteerEmail: null,
        ...destinationFields,
      } satisfies Partial<NewRequestRow>;
      const requester = (a: Account) => ({
        requesterId: a.id,
        requesterName: a.name,
        requesterEmail: a.email,
        requesterPhone: a.phone,
        requesterAddress: a.address,
        requesterLat: a.point.lat,
        requesterLng: a.point.lng,
      });
      if (row.deliveryMethod === 'self') {
        // The donor brings it; the destination confirms receipt (fulfilled straight away).
        requestRows.push({
          ...common,
          ...requester(destination),
          isSelfDelivery: true,
          status: status === 'accepted' ? 'accepted' : 'fulfilled',
          collectedAt: null,
          fulfilledAt: status === 'accepted' ? null : collectedAt,
          destinationAccepted: status !== 'accepted',
        });
        continue;
      }
      const volunteer = skewed(volunteers);
      row.volunteerId = volunteer.id;
      row.volunteerName = volunteer.name;
      // A volunteer carries either a food bank's accepted request or their own pickup.
      const routed = destinationType === 'foodbank' && random() < 0.4;
      const request: NewRequestRow = {
        ...common,
        ...requester(routed ? destination : volunteer),
        isVolunteerRequest: !routed,
        isRoutedByVolunteer: routed,
        volunteerId: volunteer.id,
        volunteerName: volunteer.name,
        volunteerEmail: volunteer.email,
      };
      requestRows.push(request);
      if (requestStatus === 'accepted') continue;
      collectionRows.push({
        donationId: row.id,
        requestId: request.id!,
        volunteerId: volunteer.id,
        volunteerName: volunteer.name,
        volunteerEmail: volunteer.email,
        quality: quality!,
        destinationType,
        destinationUserId: destination.id,
        status: fulfilled ? 'delivered' : 'collected',
        co2Saved: row.co2Saved ?? 0,
        receivedAt: fulfilled ? deliveredAt : null,
        completedAt: fulfilled ? deliveredAt : null,
        createdAt: collectedAt!,
        updatedAt: request.updatedAt!,
      });
    }
    return { requests: requestRows, collections: collectionRows };
  }

  /** The heavy donor: a share of all donations moves to the first donor account. */
  function concentrate(donorOf: Uint32Array, donors: { donations: number }[]): void {
    const share = options.heavyDonorShare ?? 0.005;
    for (let i = 0; i < donorOf.length; i++) {
      if (random() >= share) continue;
      donors[donorOf[i]!]!.donations--;
      donorOf[i] = 0;
      donors[0]!.donations++;
    }
  }

  const fakeHash = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$generated-account-without-password';
  const userRows = (): NewUserRow[] =>
    [...volunteers, ...foodbanks, ...poultry].map((a) => ({
      id: a.id,
      email: a.email,
      passwordHash: fakeHash,
      role: a.role,
      name: a.name,
      phone: a.phone,
      address: a.address,
      lat: a.point.lat,
      lng: a.point.lng,
      organizationName: a.role === 'volunteer' ? null : a.name,
      isVerified: true,
      createdAt: new Date(now - 200 * 86_400_000),
      updatedAt: new Date(now - 200 * 86_400_000),
    }));

  /** Tokens as the workflow would have paid them: 10 per good collection, 5 per delivery. */
  async function payTokens(database: Database): Promise<void> {
    await database.db.execute(sql`
      update ${users} u set tokens = t.tokens
      from (
        select donor_id as id, ${DONOR_TOKENS_PER_GOOD_COLLECTION} * count(*) as tokens
          from ${donations} where status = 'completed' group by donor_id
        union all
        select volunteer_id, ${VOLUNTEER_TOKENS_PER_COMPLETION} * count(*)
          from ${requests} where status = 'fulfilled' and volunteer_id is not null group by volunteer_id
      ) t
      where u.id = t.id`);
  }

  return { attach, concentrate, userRows, payTokens };
}

/**
 * Inserts `options.donations` donations and their donor accounts. Donors get a fixed,
 * unusable password hash: nobody signs in as them.
 */
export async function generateDonations(
  database: Database,
  options: GenerateOptions,
): Promise<GenerateSummary> {
  const started = performance.now();
  const random = prng(options.seed ?? 20_240_601);
  const now = (options.now ?? new Date()).getTime();
  const jitterKm = options.jitterKm ?? 15;
  const pendingShare = options.pendingShare ?? 0.7;
  const total = options.donations;
  const donorCount = Math.max(1, Math.round(total / (options.donationsPerDonor ?? 5)));
  const tag = crypto.randomBytes(4).toString('hex');
  const pickCity = picker(
    random,
    CITIES.map((c) => [c, c.population] as const),
  );
  const pickRole = picker(random, DONOR_ROLES);
  const pickUnit = picker(random, UNITS);
  const pickVeg = picker(random, VEG);
  const pickExpiry = picker(random, EXPIRY_HOURS);
  const rest = 1 - pendingShare;
  const pickStatus = picker<DonationStatus>(random, [
    ['pending', pendingShare],
    ['completed', rest * 0.45],
    ['accepted', rest * 0.25],
    ['expired', rest * 0.25],
    ['rejected', rest * 0.05],
  ]);
  // r = R * u^0.5 would fill the disc evenly; a larger exponent crowds points towards the centre,
  // as in a real city.
  const jitter = (city: City) => offset(city, jitterKm * random() ** 0.7, random() * 2 * Math.PI);

  interface Donor {
    id: string;
    role: Role;
    city: City;
    point: Coordinates;
    name: string;
    email: string;
    phone: string;
    address: string;
    organizationName: string | null;
    donations: number;
  }
  const donors: Donor[] = [];
  for (let i = 0; i < donorCount; i++) {
    const city = pickCity();
    const role = pickRole();
    const name = role === 'individual' ? `Donor ${i + 1}` : `${city.name} Kitchen ${i + 1}`;
    donors.push({
      id: crypto.randomUUID(),
      role,
      city,
      point: jitter(city),
      name,
      email: `donor.${tag}.${i + 1}@bench.annasetu.in`,
      phone: `+91 9${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
      address: `${1 + Math.floor(random() * 200)} ${AREAS[i % AREAS.length]}, ${city.name}, ${city.state}`,
      organizationName: role === 'individual' ? null : `${name} Pvt Ltd`,
      donations: 0,
    });
  }

  const byStatus: Record<string, number> = {};
  const byCity: Record<string, number> = {};
  const donationRows = (first: number, count: number): NewDonationRow[] => {
    const rows: NewDonationRow[] = [];
    for (let i = first; i < first + count; i++) {
      const donor = donors[donorOf[i]!]!;
      const status = pickStatus();
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      byCity[donor.city.name] = (byCity[donor.city.name] ?? 0) + 1;
      const unit = pickUnit();
      const whole = unit === 'meals' || unit === 'packs';
      const quantity = whole
        ? 5 + Math.floor(random() * 120)
        : Math.round((2 + random() * 60) * 10) / 10;
      const expiryHours = pickExpiry();
      // Pending food is fresh: posted within the first 60% of its shelf life, so none of it
      // expires during a measurement. The rest is history from the last 90 days.
      const createdAt =
        status === 'pending'
          ? now - random() * expiryHours * 0.6 * 3_600_000
          : now - (1 + random() * 89) * 86_400_000;
      const expiryTime = createdAt + expiryHours * 3_600_000;
      // Self delivery is scheduled when posted, so it is never pending.
      const deliveryMethod: DeliveryMethod =
        status !== 'pending' && status !== 'expired' && random() < 0.3 ? 'self' : 'volunteer';
      const [cuisine, foodType] = MENU[Math.floor(random() * MENU.length)]!;
      const prepared = new Date(createdAt - random() * 2 * 3_600_000);
      // A donation's pickup is usually the donor's own address, sometimes another branch.
      const pickup = random() < 0.8 ? donor.point : jitter(donor.city);
      const completed = status === 'completed';
      rows.push({
        donorId: donor.id,
        donorName: donor.organizationName ?? donor.name,
        donorEmail: donor.email,
        donorPhone: donor.phone,
        donorAddress: donor.address,
        donorLat: donor.point.lat,
        donorLng: donor.point.lng,
        status,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
        completedAt: completed ? new Date(createdAt + random() * expiryHours * 3_600_000) : null,
        // A few donors withdraw a donation before anyone collects it.
        deletedAt: status === 'pending' && random() < 0.02 ? new Date(createdAt + 60_000) : null,
        expiryTime: new Date(expiryTime),
        isExpired: status === 'expired',
        totalRequests:
          status === 'pending' ? Math.floor(random() * 3) : 1 + Math.floor(random() * 4),
        acceptedRequests: status === 'accepted' || completed ? 1 : 0,
        foodType,
        cuisine,
        vegType: pickVeg(),
        quantity,
        unit,
        notes: random() < 0.3 ? 'Packed in containers; please bring bags.' : null,
        prepDate: prepared.toISOString().slice(0, 10),
        prepTime: prepared.toISOString().slice(11, 19),
        pickupAddress: donor.address,
        pickupLat: pickup.lat,
        pickupLng: pickup.lng,
        deliveryMethod,
        expiryHours,
        co2Saved: completed ? co2ForDonation(quantity, unit, 'good') : 0,
        mealsDonated: completed ? mealsFor(quantity, unit) : 0,
        kgDonated: completed ? kgFor(quantity, unit) : 0,
      });
    }
    return rows;
  };

  // Who posted each donation is drawn up front so each donor's totalDonations is known when the
  // donors are inserted (before their donations, for the foreign key), while the donations
  // themselves are generated a batch at a time rather than held as a million objects.
  const donorOf = new Uint32Array(total);
  for (let i = 0; i < total; i++) {
    donorOf[i] = Math.floor(random() * donors.length);
    donors[donorOf[i]!]!.donations++;
  }
  const workflow = options.workflow
    ? workflowBuilder(total, options.seed ?? 20_240_601, now, options.workflow)
    : null;
  workflow?.concentrate(donorOf, donors);

  const fakeHash = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$generated-account-without-password';
  await insertMany(
    database,
    users,
    donors.map((d): NewUserRow => ({
      id: d.id,
      email: d.email,
      passwordHash: fakeHash,
      role: d.role,
      name: d.name,
      phone: d.phone,
      address: d.address,
      lat: d.point.lat,
      lng: d.point.lng,
      organizationName: d.organizationName,
      isVerified: random() < 0.4,
      totalDonations: d.donations,
      createdAt: new Date(now - 200 * 86_400_000),
      updatedAt: new Date(now - 200 * 86_400_000),
    })),
  );

  if (workflow) await insertMany(database, users, workflow.userRows());

  let requestCount = 0;
  let collectionCount = 0;
  for (let done = 0; done < total;) {
    const batch = donationRows(done, Math.min(ROWS_PER_INSERT, total - done));
    const related = workflow?.attach(batch);
    await insertMany(database, donations, batch);
    if (related) {
      await insertMany(database, requests, related.requests);
      await insertMany(database, collections, related.collections);
      requestCount += related.requests.length;
      collectionCount += related.collections.length;
    }
    done += batch.length;
    options.onProgress?.(done, total);
  }
  await workflow?.payTokens(database);

  return {
    donors: donors.length,
    donations: total,
    ...(workflow ? { requests: requestCount, collections: collectionCount } : {}),
    byStatus,
    byCity,
    milliseconds: performance.now() - started,
  };
}

/** Fresh statistics and visibility map, as autovacuum would eventually leave them. */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum analyze users`);
  await database.db.execute(sql`vacuum analyze donations`);
  await database.db.execute(sql`vacuum analyze requests`);
  await database.db.execute(sql`vacuum analyze collections`);
}

async function cli(): Promise<void> {
  const { values } = parseArgs({
    options: {
      donations: { type: 'string', default: '100000' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || (!values['data-dir'] && !values['database-url'])) {
    console.log(
      'usage: node --import tsx src/generate.ts --donations N ' +
        '(--data-dir DIR | --database-url URL) [--seed N]\n' +
        '--data-dir is the server DATA_DIR (the embedded database lives in DIR/db).',
    );
    process.exit(values.help ? 0 : 2);
  }
  const count = Number(values.donations.replace(/[_,]/g, ''));
  if (!Number.isInteger(count) || count < 1) throw new Error(`bad --donations ${values.donations}`);
  const database = values['database-url']
    ? await openPostgres(values['database-url'])
    : await openPglite({
        // Relative to where the command was typed, as the server reads DATA_DIR.
        dataDir: path.join(path.resolve(process.env.INIT_CWD ?? '.', values['data-dir']!), 'db'),
      });
  try {
    await runMigrations(database);
    let reported = 0;
    const summary = await generateDonations(database, {
      donations: count,
      ...(values.seed ? { seed: Number(values.seed) } : {}),
      onProgress(done, all) {
        if (done - reported >= all / 10 || done === all) {
          reported = done;
          console.log(`${done} / ${all}`);
        }
      },
    });
    await analyze(database);
    console.log(
      `${summary.donations} donations by ${summary.donors} donors in ` +
        `${(summary.milliseconds / 1000).toFixed(1)} s`,
      summary.byStatus,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await cli();
}
