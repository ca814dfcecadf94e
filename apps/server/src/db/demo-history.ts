import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  VOLUNTEER_TOKENS_PER_COMPLETION,
  impactOfCollection,
  type EventAction,
  type NotificationType,
  type RegistrableRole,
  type Unit,
} from '@annasetu/domain';
import type { DbOrTx } from './client.js';
import {
  collections,
  donations,
  events,
  notifications,
  requests,
  users,
  type NewDonationRow,
} from './schema/index.js';

// Ninety days of a city's food rescue, generated the first time the demo data is added (decision
// 0033), so dashboards, analytics, trends, badges, the PDF report and the public impact page show
// real figures on a first start. Rows are written to the same tables, with the same fields,
// events and counters the workflow writes; the rollup triggers count them as they go in. The
// generator is seeded, so every first start tells the same story.

/** An account taking part in the history. */
export interface HistoryAccount {
  id: string;
  role: RegistrableRole;
  /** Organisation name, or the person's name for a volunteer. */
  display: string;
  email: string;
  phone: string;
  address: string;
  lat: number;
  lng: number;
}

/** Days of history. */
export const DEMO_HISTORY_DAYS = 90;

/** Neighbourhoods of Delhi and its neighbours, with a central point. */
const PLACES: ReadonlyArray<readonly [string, number, number]> = [
  ['Chandni Chowk, Delhi', 28.6506, 77.2303],
  ['Paharganj, New Delhi', 28.6448, 77.2132],
  ['Hauz Khas, New Delhi', 28.5494, 77.2001],
  ['Saket, New Delhi', 28.5245, 77.2066],
  ['Dwarka Sector 10, New Delhi', 28.5815, 77.059],
  ['Rohini Sector 7, Delhi', 28.7158, 77.1126],
  ['Janakpuri, New Delhi', 28.6219, 77.0878],
  ['Mayur Vihar Phase 1, Delhi', 28.609, 77.295],
  ['Nehru Place, New Delhi', 28.5483, 77.2513],
  ['Pitampura, Delhi', 28.698, 77.1384],
  ['Okhla Phase 2, New Delhi', 28.5355, 77.275],
  ['Shahdara, Delhi', 28.6733, 77.289],
  ['Sector 18, Noida', 28.5708, 77.3261],
  ['Cyber City, Gurugram', 28.495, 77.089],
];

/** The generated organisations and volunteers: [role, name, place index]. */
const GENERATED: ReadonlyArray<readonly [RegistrableRole, string, number]> = [
  ['restaurant', 'Karim Kebab House', 0],
  ['restaurant', 'Paharganj Thali Centre', 1],
  ['restaurant', 'Hauz Khas Social Kitchen', 2],
  ['restaurant', 'Saket Dosa Corner', 3],
  ['restaurant', 'Dwarka Biryani Point', 4],
  ['restaurant', 'Rohini Sweets and Snacks', 5],
  ['restaurant', 'Noida Punjabi Dhaba', 12],
  ['restaurant', 'Cyber City Café', 13],
  ['individual', 'Gupta Family Kitchen', 6],
  ['individual', 'Malhotra Household', 9],
  ['mess', 'Nehru Place Office Canteen', 8],
  ['mess', 'Okhla Factory Canteen', 10],
  ['mess', 'Janakpuri Girls Hostel Mess', 6],
  ['foodbank', 'Annapurna Food Bank', 0],
  ['foodbank', 'Seva Roti Ghar', 7],
  ['foodbank', 'Hope Shelter Kitchen', 11],
  ['foodbank', 'Gurugram Meals Trust', 13],
  ['nursery', 'Yamuna Compost Nursery', 7],
  ['poultry', 'Ghazipur Poultry Farm', 11],
  ['volunteer', 'Neha Verma', 2],
  ['volunteer', 'Rahul Chauhan', 5],
  ['volunteer', 'Fatima Khan', 0],
  ['volunteer', 'Vikram Rao', 8],
  ['volunteer', 'Ananya Bose', 7],
  ['volunteer', 'Sandeep Yadav', 4],
  ['volunteer', 'Kiran Joshi', 9],
  ['volunteer', 'Imran Qureshi', 12],
  ['volunteer', 'Pooja Nair', 3],
  ['volunteer', 'Manpreet Kaur', 6],
];

type Dish = readonly [
  foodType: string,
  cuisine: string,
  vegType: 'veg' | 'nonveg' | 'mixed',
  unit: Unit,
  min: number,
  max: number,
];

/** What each kind of donor has left over. */
const MENUS: Record<'restaurant' | 'individual' | 'mess', readonly Dish[]> = {
  restaurant: [
    ['Dal makhani and jeera rice', 'North Indian', 'veg', 'meals', 15, 60],
    ['Chicken biryani', 'Mughlai', 'nonveg', 'meals', 10, 45],
    ['Paneer butter masala with naan', 'North Indian', 'veg', 'meals', 10, 40],
    ['Masala dosa and sambar', 'South Indian', 'veg', 'meals', 10, 35],
    ['Veg hakka noodles', 'Indo-Chinese', 'veg', 'meals', 8, 30],
    ['Mutton korma with rotis', 'Mughlai', 'nonveg', 'meals', 8, 25],
    ['Samosas and kachoris', 'Street Food', 'veg', 'packs', 10, 40],
    ['Sandwiches and muffins', 'Bakery', 'veg', 'packs', 10, 30],
    ['Chole bhature', 'Punjabi', 'veg', 'meals', 10, 40],
  ],
  individual: [
    ['Rajma chawal', 'North Indian', 'veg', 'meals', 3, 12],
    ['Aloo paratha with curd', 'Punjabi', 'veg', 'meals', 3, 10],
    ['Idli and coconut chutney', 'South Indian', 'veg', 'meals', 3, 10],
    ['Fruit from a family function', 'Fruits', 'veg', 'kg', 2, 8],
  ],
  mess: [
    ['Dal, rice and mixed vegetables', 'North Indian', 'veg', 'meals', 30, 120],
    ['Kadhi chawal', 'North Indian', 'veg', 'kg', 8, 30],
    ['Egg curry with rice', 'North Indian', 'nonveg', 'meals', 20, 80],
    ['Poha and upma', 'Maharashtrian', 'veg', 'kg', 5, 20],
    ['Sambar rice', 'South Indian', 'veg', 'kg', 8, 25],
    ['Buttermilk', 'Beverages', 'veg', 'liters', 10, 40],
  ],
};

/** A small seeded generator (mulberry32): the same history on every first start. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const MINUTE = 60_000;
const IST_OFFSET = 330 * MINUTE;

/** Inserts many rows in slices, so one statement stays small on the embedded database. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 250) await insert(rows.slice(i, i + 250));
}

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

  const donationRows: NewDonationRow[] = [];
  const requestRows: Array<typeof requests.$inferInsert> = [];
  const collectionRows: Array<typeof collections.$inferInsert> = [];
  const eventRows: Array<typeof events.$inferInsert> = [];
  const notificationRows: Array<typeof notifications.$inferInsert> = [];
  const tokens = new Map<string, number>();
  const addTokens = (id: string, n: number) => tokens.set(id, (tokens.get(id) ?? 0) + n);
  const demoIds = new Set([...demo.values()].map((a) => a.id));
  const notify = (
    to: HistoryAccount,
    type: NotificationType,
    title: string,
    message: string,
    at: Date,
    data: Record<string, string>,
  ) => {
    // Only the demo accounts' recent days: that is what a person signing in would still have.
    if (!demoIds.has(to.id) || now - at.getTime() > 4 * 86_400_000) return;
    notificationRows.push({
      userId: to.id,
      type,
      title,
      message,
      data,
      createdAt: at,
      isRead: now - at.getTime() > 86_400_000,
      readAt: now - at.getTime() > 86_400_000 ? new Date(at.getTime() + 2 * 3_600_000) : null,
      // History is not news: no push or email goes out for it.
      pushedAt: new Date(now),
      emailedAt: new Date(now),
    });
  };
  const log = (
    entityType: 'donation' | 'request',
    entityId: string,
    action: EventAction,
    actor: string | null,
    from: string | null,
    to: string | null,
    at: Date,
  ) =>
    eventRows.push({
      entityType,
      entityId,
      action,
      actorId: actor,
      fromStatus: from,
      toStatus: to,
      createdAt: at,
    });

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
      log('donation', donationId, 'donation.created', donor.id, null, 'pending', createdAt);
      const data = { donationId, foodType };
      const roll = random.next();

      if (roll >= 0.88) {
        // Nobody came in time.
        const at = base.expiryTime as Date;
        donationRows.push({ ...base, status: 'expired', isExpired: true, updatedAt: at });
        log('donation', donationId, 'donation.expired', null, 'pending', 'expired', at);
        notify(
          donor,
          'donation_expired',
          'Donation expired',
          `"${foodType}" expired before anyone collected it.`,
          at,
          data,
        );
        continue;
      }

      const requestId = randomUUID();
      if (roll >= 0.78) {
        // The donor takes it to a food bank, which checks it on arrival.
        const bank = choose('foodbank', 0.4);
        const receivedAt = new Date(createdAt.getTime() + random.int(40, 150) * MINUTE);
        const impact = impactOfCollection(quantity, unit, 'good');
        donationRows.push({
          ...base,
          deliveryMethod: 'self',
          status: 'completed',
          completedAt: receivedAt,
          updatedAt: receivedAt,
          totalRequests: 1,
          acceptedRequests: 1,
          ...impact,
        });
        requestRows.push({
          id: requestId,
          donationId,
          requesterId: bank.id,
          requesterName: bank.display,
          requesterEmail: bank.email,
          requesterPhone: bank.phone,
          requesterAddress: bank.address,
          requesterLat: bank.lat,
          requesterLng: bank.lng,
          status: 'fulfilled',
          createdAt,
          updatedAt: receivedAt,
          foodType,
          quantity,
          unit,
          donorId: donor.id,
          donorName: donor.display,
          donorEmail: donor.email,
          donorAddress: donor.address,
          isSelfDelivery: true,
          destinationUserId: bank.id,
          destinationName: bank.display,
          destinationEmail: bank.email,
          destinationAddress: bank.address,
          destinationPhone: bank.phone,
          destinationType: 'foodbank',
          destinationAccepted: true,
          destinationNotified: true,
          quality: 'good',
          co2Saved: impact.co2Saved,
          fulfilledAt: receivedAt,
        });
        addTokens(donor.id, DONOR_TOKENS_PER_GOOD_COLLECTION);
        log(
          'request',
          requestId,
          'request.self_delivery_scheduled',
          donor.id,
          null,
          'accepted',
          createdAt,
        );
        log(
          'request',
          requestId,
          'request.receipt_confirmed',
          bank.id,
          'accepted',
          'fulfilled',
          receivedAt,
        );
        log(
          'donation',
          donationId,
          'donation.self_delivered_good',
          bank.id,
          'pending',
          'completed',
          receivedAt,
        );
        notify(
          bank,
          'incoming_delivery',
          'Incoming delivery',
          `"${foodType}" is on its way to you.`,
          createdAt,
          { ...data, requestId },
        );
        notify(
          donor,
          'delivery_completed',
          'Delivered',
          `"${foodType}" reached its destination. Thank you!`,
          receivedAt,
          { ...data, requestId },
        );
        continue;
      }

      // A volunteer grabs it, checks it at pickup and takes it on.
      const quality = roll < 0.7 ? 'good' : 'bad';
      const volunteer = choose('volunteer', 0.35);
      const destination =
        quality === 'good'
          ? choose('foodbank', 0.4)
          : choose(random.next() < 0.5 ? 'nursery' : 'poultry', 0.6);
      const grabbedAt = new Date(createdAt.getTime() + random.int(8, 70) * MINUTE);
      const collectedAt = new Date(grabbedAt.getTime() + random.int(20, 55) * MINUTE);
      const deliveredAt = new Date(collectedAt.getTime() + random.int(20, 60) * MINUTE);
      const byDestination = random.next() < 0.3;
      const impact = impactOfCollection(quantity, unit, quality);
      const finalStatus = quality === 'good' ? 'completed' : 'rejected';
      donationRows.push({
        ...base,
        status: finalStatus,
        completedAt: collectedAt,
        updatedAt: collectedAt,
        volunteerId: volunteer.id,
        volunteerName: volunteer.display,
        totalRequests: 1,
        acceptedRequests: 1,
        ...impact,
      });
      requestRows.push({
        id: requestId,
        donationId,
        requesterId: volunteer.id,
        requesterName: volunteer.display,
        requesterEmail: volunteer.email,
        requesterPhone: volunteer.phone,
        requesterAddress: '',
        requesterLat: null,
        requesterLng: null,
        status: 'fulfilled',
        createdAt: grabbedAt,
        updatedAt: deliveredAt,
        foodType,
        quantity,
        unit,
        donorId: donor.id,
        donorName: donor.display,
        donorEmail: donor.email,
        donorAddress: donor.address,
        isVolunteerRequest: true,
        volunteerId: volunteer.id,
        volunteerName: volunteer.display,
        volunteerEmail: volunteer.email,
        destinationUserId: destination.id,
        destinationName: destination.display,
        destinationEmail: destination.email,
        destinationAddress: destination.address,
        destinationPhone: destination.phone,
        destinationType: destination.role as 'foodbank' | 'nursery' | 'poultry',
        destinationAccepted: true,
        destinationNotified: true,
        quality,
        co2Saved: impact.co2Saved,
        collectedAt,
        fulfilledAt: deliveredAt,
      });
      collectionRows.push({
        donationId,
        requestId,
        volunteerId: volunteer.id,
        volunteerName: volunteer.display,
        volunteerEmail: volunteer.email,
        quality,
        destinationType: destination.role as 'foodbank' | 'nursery' | 'poultry',
        destinationUserId: destination.id,
        status: 'delivered',
        co2Saved: impact.co2Saved,
        notes: quality === 'bad' ? 'Smelled sour at pickup; not fit for people.' : null,
        receivedAt: deliveredAt,
        completedAt: deliveredAt,
        createdAt: collectedAt,
        updatedAt: deliveredAt,
      });
      if (quality === 'good') addTokens(donor.id, DONOR_TOKENS_PER_GOOD_COLLECTION);
      addTokens(volunteer.id, VOLUNTEER_TOKENS_PER_COMPLETION);
      log(
        'request',
        requestId,
        'request.volunteer_accepted',
        volunteer.id,
        null,
        'accepted',
        grabbedAt,
      );
      log(
        'donation',
        donationId,
        'donation.grabbed',
        volunteer.id,
        'pending',
        'accepted',
        grabbedAt,
      );
      log(
        'request',
        requestId,
        'request.collected',
        volunteer.id,
        'accepted',
        'collected',
        collectedAt,
      );
      log(
        'donation',
        donationId,
        `donation.collected_${quality}`,
        volunteer.id,
        'accepted',
        finalStatus,
        collectedAt,
      );
      log(
        'request',
        requestId,
        byDestination ? 'request.receipt_confirmed' : 'request.delivered',
        byDestination ? destination.id : volunteer.id,
        'collected',
        'fulfilled',
        deliveredAt,
      );
      const withRequest = { ...data, requestId, actorName: volunteer.display };
      notify(
        donor,
        'donation_grabbed',
        'A volunteer is on the way',
        `${volunteer.display} will collect "${foodType}".`,
        grabbedAt,
        withRequest,
      );
      notify(
        destination,
        'incoming_delivery',
        'Incoming delivery',
        `"${foodType}" is on its way to you.`,
        collectedAt,
        withRequest,
      );
      notify(
        donor,
        'delivery_completed',
        'Delivered',
        `"${foodType}" reached its destination. Thank you!`,
        deliveredAt,
        withRequest,
      );
    }
  }

  await insertAll(donationRows, (rows) => tx.insert(donations).values(rows));
  await insertAll(requestRows, (rows) => tx.insert(requests).values(rows));
  await insertAll(collectionRows, (rows) => tx.insert(collections).values(rows));
  await insertAll(eventRows, (rows) => tx.insert(events).values(rows));
  await insertAll(notificationRows, (rows) => tx.insert(notifications).values(rows));
  for (const [id, n] of tokens) {
    await tx.execute(sql`update users set tokens = tokens + ${n} where id = ${id}`);
  }
  return { donations: donationRows.length, accounts: created.length };
}
