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
import { prng } from '@annasetu/test-kit';
import { getTableColumns, sql } from 'drizzle-orm';
import {
  co2ForDonation,
  kgFor,
  mealsFor,
  type Coordinates,
  type DeliveryMethod,
  type DonationStatus,
  type Role,
} from '@annasetu/domain';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import {
  collections,
  donations,
  requests,
  users,
  type NewDonationRow,
  type NewUserRow,
} from '../../apps/server/src/db/schema/index.js';
import {
  AREAS,
  CITIES,
  type City,
  DONOR_ROLES,
  EXPIRY_HOURS,
  MENU,
  UNITS,
  VEG,
  offset,
  picker,
} from './generate-data.js';
import { type WorkflowOptions, workflowBuilder } from './generate-workflow.js';

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
