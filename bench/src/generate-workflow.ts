// The accounts, requests and collections behind impact statistics (the generator's `workflow`
// option).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  VOLUNTEER_TOKENS_PER_COMPLETION,
  type Coordinates,
  type DestinationType,
  type Role,
} from '@annasetu/domain';
import { type Database } from '../../apps/server/src/db/client.js';
import type { collections } from '../../apps/server/src/db/schema/index.js';
import {
  donations,
  requests,
  users,
  type NewDonationRow,
  type NewRequestRow,
  type NewUserRow,
} from '../../apps/server/src/db/schema/index.js';
import { prng } from '@annasetu/test-kit';
import { AREAS, CITIES, offset } from './generate-data.js';

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
export function workflowBuilder(
  total: number,
  seed: number,
  now: number,
  options: WorkflowOptions,
) {
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
