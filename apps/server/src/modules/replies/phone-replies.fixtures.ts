import { sql } from 'drizzle-orm';
import type { CoverageSettings } from '../../config/env.js';
import { rowsOf } from '../../db/client.js';
import { runCoverageOnce } from '../../jobs/coverage.js';
import type { TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

// What the tests of replies by SMS and WhatsApp share: food nobody took, and volunteers near it.

const COVERAGE: CoverageSettings = {
  alertPoints: [0.3, 0.6],
  donorPoint: 0.8,
  radiiKm: [5, 10, 20],
  dailyBudget: 10,
  maxPerRound: 20,
};

export function phoneReplyFixtures(app: () => TestApp, first: { lat: number; lng: number }) {
  async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await app().database.db.execute(text));
  }

  // Each test works around its own pickup point, far from the others' (half a degree apart).
  let nextCentre = 0;
  function centre() {
    nextCentre += 1;
    return { lat: first.lat + nextCentre / 2, lng: first.lng };
  }

  /**
   * Posts food at `at` and runs the coverage job at 35% of its life: every volunteer near is
   * alerted, and the alerts are composed for their channels.
   */
  async function unclaimedFood(at: { lat: number; lng: number }, foodType: string) {
    const t = app();
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client, {
      foodType,
      expiryHours: 4,
      pickupCoordinates: at,
      pickupAddress: '14 Kutchery Road, Mylapore, Chennai',
    });
    const [row] = await query<{ created_at: string; expiry_time: string }>(
      sql`select created_at, expiry_time from donations where id = ${donation.id}`,
    );
    const created = new Date(row!.created_at).getTime();
    const life = new Date(row!.expiry_time).getTime() - created;
    await runCoverageOnce(t.database, COVERAGE, new Date(created + 0.35 * life));
    await t.app.replies!.alerts.wake();
    return { donor, donation };
  }

  return { query, centre, unclaimedFood, coverage: COVERAGE };
}
