// What the request workflow tests (workflow.test.ts, delivery.test.ts) start from: a pending
// donation, a grabbed one, and reads of the rows and notices a move leaves behind.
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { TestApp, TestClient } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

/** The fixtures, over the test app `app()` opened by the test file. */
export function workflowFixtures(app: () => TestApp) {
  async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await app().database.db.execute(text));
  }
  const me = async (client: TestClient) => (await client.get('/api/me')).json().user;
  const noticesOf = (userId: string, type: string) =>
    query<{ data: Record<string, string> }>(
      sql`select data from notifications where user_id = ${userId} and type = ${type}`,
    );

  /** A donor with a pending volunteer-delivery donation of 20 meals. */
  async function donationReady(overrides: Record<string, unknown> = {}) {
    const donor = await signUp(app().app, 'restaurant');
    const donation = await postDonation(donor.client, overrides);
    return { donor, donation };
  }

  /** A donation grabbed by a volunteer, with the volunteer's request. */
  async function grabbed() {
    const { donor, donation } = await donationReady();
    const volunteer = await signUp(app().app, 'volunteer');
    const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
    expect(grab.statusCode, grab.body).toBe(201);
    return { donor, donation, volunteer, request: grab.json().request as { id: string } };
  }

  return { query, me, noticesOf, donationReady, grabbed };
}
