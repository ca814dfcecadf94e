import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { LIST_LIMITS } from '@annasetu/domain';
import { listCarriedRequests } from '../requests/requests.queries.js';
import { withPoints, type RequestWithPoints } from '../requests/requests.service.js';

/** The live jobs the user carries, with their points: the trip's stops (oldest first). */
export async function listTrip(database: Database, user: UserRow): Promise<RequestWithPoints[]> {
  const rows = await listCarriedRequests(database.db, user.id, LIST_LIMITS.pendingDonationsScreen);
  return withPoints(database.db, rows);
}
