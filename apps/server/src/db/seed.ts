import { sql } from 'drizzle-orm';
import {
  DEFAULT_COORDINATES,
  DEFAULT_TIME_ZONE,
  foodSafeUntil,
  type RegistrableRole,
} from '@annasetu/domain';
import { hashPassword } from '../modules/auth/passwords.js';
import { localParts } from '../modules/series/series.schedule.js';
import { countUsers, insertUser } from '../modules/users/users.queries.js';
import type { Database } from './client.js';
import { donations } from './schema/index.js';
import { addDemoHistory, type HistoryAccount } from './demo-history.js';

/** The password of every demo account (printed at start and listed in README). */
export const DEMO_PASSWORD = 'annasetu-demo';

/** One demo account per role, placed around Delhi. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  role: RegistrableRole;
  email: string;
  name: string;
  organizationName: string | null;
  address: string;
  lat: number;
  lng: number;
  /** A food business's or food bank's FSSAI number (made up, 14 digits), and whether checked. */
  fssai?: { number: string; verified: boolean };
  /** A volunteer who has passed the food hygiene course (decision 0067). */
  hygienePassed?: boolean;
}> = [
  {
    role: 'restaurant',
    email: 'restaurant@demo.annasetu.in',
    name: 'Aarav Mehta',
    organizationName: 'Saffron Tandoor',
    address: 'Connaught Place, New Delhi',
    lat: 28.6315,
    lng: 77.2167,
    fssai: { number: '10720011000312', verified: true },
  },
  {
    role: 'individual',
    email: 'individual@demo.annasetu.in',
    name: 'Priya Sharma',
    organizationName: 'Sharma Household',
    address: 'Lajpat Nagar, New Delhi',
    lat: 28.5677,
    lng: 77.2433,
  },
  {
    role: 'mess',
    email: 'mess@demo.annasetu.in',
    name: 'Ravi Kumar',
    organizationName: 'North Campus Hostel Mess',
    address: 'University Enclave, Delhi',
    lat: 28.6889,
    lng: 77.2106,
    fssai: { number: '20720011004187', verified: false },
  },
  {
    role: 'foodbank',
    email: 'foodbank@demo.annasetu.in',
    name: 'Meera Iyer',
    organizationName: 'Delhi Roti Bank',
    address: 'Karol Bagh, New Delhi',
    lat: 28.6519,
    lng: 77.1909,
    fssai: { number: '10720011000876', verified: true },
  },
  {
    role: 'volunteer',
    email: 'volunteer@demo.annasetu.in',
    name: 'Arjun Singh',
    organizationName: null,
    address: 'Rajouri Garden, New Delhi',
    lat: 28.6415,
    lng: 77.1209,
    hygienePassed: true,
  },
  {
    // A new volunteer: the hygiene course stands between them and their first pickup.
    role: 'volunteer',
    email: 'new.volunteer@demo.annasetu.in',
    name: 'Kavya Nair',
    organizationName: null,
    address: 'Patel Nagar, New Delhi',
    lat: 28.6469,
    lng: 77.1636,
    hygienePassed: false,
  },
  {
    role: 'nursery',
    email: 'nursery@demo.annasetu.in',
    name: 'Sunita Devi',
    organizationName: 'Green Leaf Nursery',
    address: 'Mehrauli, New Delhi',
    lat: 28.5244,
    lng: 77.1855,
  },
  {
    role: 'poultry',
    email: 'poultry@demo.annasetu.in',
    name: 'Harpreet Gill',
    organizationName: 'Gill Poultry Farm',
    address: 'Najafgarh, Delhi',
    lat: 28.6092,
    lng: 76.9798,
  },
];

const DEMO_DONATIONS = [
  {
    donor: 'restaurant',
    foodType: 'Dal makhani, jeera rice and rotis',
    cuisine: 'North Indian',
    vegType: 'veg',
    quantity: 40,
    unit: 'meals',
    hours: 6,
    method: 'volunteer',
    dLat: 0.004,
    dLng: -0.003,
    holding: 'hot',
    allergens: ['milk', 'gluten'],
  },
  {
    donor: 'restaurant',
    foodType: 'Chicken biryani',
    cuisine: 'Mughlai',
    vegType: 'nonveg',
    quantity: 25,
    unit: 'meals',
    hours: 4,
    method: 'volunteer',
    dLat: -0.002,
    dLng: 0.005,
    holding: 'hot',
    allergens: ['milk'],
  },
  {
    donor: 'mess',
    foodType: 'Rajma chawal',
    cuisine: 'North Indian',
    vegType: 'veg',
    quantity: 12,
    unit: 'kg',
    hours: 5,
    method: 'volunteer',
    dLat: 0.001,
    dLng: 0.002,
    holding: 'hot',
    allergens: [],
  },
  {
    donor: 'mess',
    foodType: 'Fresh bread loaves',
    cuisine: 'Bakery',
    vegType: 'veg',
    quantity: 30,
    unit: 'packs',
    hours: 24,
    method: 'volunteer',
    dLat: -0.003,
    dLng: -0.001,
    holding: 'packaged',
    allergens: ['gluten'],
  },
  {
    donor: 'individual',
    foodType: 'Idli and sambar',
    cuisine: 'South Indian',
    vegType: 'veg',
    quantity: 8,
    unit: 'meals',
    hours: 3,
    method: 'volunteer',
    dLat: 0.002,
    dLng: 0.001,
    holding: 'chilled',
    allergens: [],
  },
  {
    donor: 'individual',
    foodType: 'Buttermilk (chaas)',
    cuisine: 'Beverages',
    vegType: 'veg',
    quantity: 5,
    unit: 'liters',
    hours: 6,
    method: 'volunteer',
    dLat: -0.001,
    dLng: -0.002,
    holding: 'chilled',
    allergens: ['milk'],
  },
] as const;

/**
 * Demo data: one account per role and a handful of donations around Delhi, so a newcomer sees
 * a living product at once; with `history` (the default), also ~30 generated organisations and
 * volunteers and 90 days of rescues (demo-history.ts). Does nothing when any non-admin account
 * exists.
 */
export async function seedDemoData(
  database: Database,
  options: { history?: boolean } = {},
): Promise<{ created: boolean }> {
  if ((await countUsers(database.db, { excludeAdmins: true })) > 0) return { created: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await database.db.transaction(async (tx) => {
    const byRole = new Map<
      string,
      {
        id: string;
        name: string;
        email: string;
        phone: string;
        address: string;
        lat: number;
        lng: number;
      }
    >();
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      // E.164, and verified: a demo account can sign in by phone from the start.
      const phone = `+9198100${String(10001 + index).padStart(5, '0')}`;
      const user = await insertUser(tx, {
        email: account.email,
        passwordHash,
        role: account.role,
        name: account.name,
        phone,
        phoneVerifiedAt: new Date(),
        address: account.address,
        lat: account.lat ?? DEFAULT_COORDINATES.lat,
        lng: account.lng ?? DEFAULT_COORDINATES.lng,
        organizationName: account.organizationName,
        isVerified: account.role === 'foodbank',
        fssaiNumber: account.fssai?.number ?? null,
        fssaiVerifiedAt: account.fssai?.verified ? new Date() : null,
        hygienePassedAt: account.hygienePassed ? new Date() : null,
      });
      // The history is built around the first account of each role.
      if (user && !byRole.has(account.role))
        byRole.set(account.role, {
          id: user.id,
          name: account.organizationName ?? account.name,
          email: user.email,
          phone,
          address: user.address,
          lat: account.lat,
          lng: account.lng,
        });
    }
    if (options.history ?? true) {
      const accounts = new Map<RegistrableRole, HistoryAccount>();
      for (const [role, a] of byRole) {
        accounts.set(role as RegistrableRole, {
          ...a,
          role: role as RegistrableRole,
          display: a.name,
        });
      }
      await addDemoHistory(tx, accounts, passwordHash);
    }
    const now = Date.now();
    for (const [index, d] of DEMO_DONATIONS.entries()) {
      const donor = byRole.get(d.donor)!;
      const createdAt = new Date(now - (index + 1) * 20 * 60_000);
      const prepared = new Date(createdAt.getTime() - 60 * 60_000);
      // Read on the donor's clock (India time), as the form would have it.
      const preparedLocal = localParts(prepared, DEFAULT_TIME_ZONE);
      // Packaged food keeps its own use-by date: two days on.
      const useBy =
        d.holding === 'packaged' ? new Date(createdAt.getTime() + 48 * 3_600_000) : null;
      await tx.insert(donations).values({
        donorId: donor.id,
        donorName: donor.name,
        donorEmail: donor.email,
        donorPhone: donor.phone,
        donorAddress: donor.address,
        donorLat: donor.lat,
        donorLng: donor.lng,
        createdAt,
        updatedAt: createdAt,
        expiryTime: new Date(createdAt.getTime() + d.hours * 3_600_000),
        foodType: d.foodType,
        cuisine: d.cuisine,
        vegType: d.vegType,
        quantity: d.quantity,
        unit: d.unit,
        prepDate: preparedLocal.date,
        prepTime: preparedLocal.time,
        holding: d.holding,
        useBy,
        allergens: [...d.allergens],
        foodSafeUntil: foodSafeUntil({ holding: d.holding, preparedAt: prepared, useBy }),
        pickupAddress: donor.address,
        pickupLat: donor.lat + d.dLat,
        pickupLng: donor.lng + d.dLng,
        deliveryMethod: d.method,
        expiryHours: d.hours,
      });
    }
    // The counters the profile shows, kept by the services as people act, set here from the rows
    // written directly (a demo food bank showed "Requests made: 0" beside its requests).
    await tx.execute(
      sql`update users set total_donations = (select count(*) from donations where donor_id = users.id)`,
    );
    await tx.execute(
      sql`update users set total_requests = (select count(*) from requests where requester_id = users.id)`,
    );
  });
  return { created: true };
}
