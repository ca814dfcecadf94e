import { tagsFitKind, type FeedbackTag } from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { FeedbackRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../lib/errors.js';
import {
  insertFeedback,
  listGivenFeedback,
  listUserRatings,
  lockUserForRating,
  refreshUserRating,
} from './feedback.queries.js';
import { lockRequestWithDonation } from './requests.moves.js';
import type { FeedbackView } from './requests.presenter.js';
import { authorize, feedbackKindFor, ratedUserOf } from './requests.policy.js';

/** A rating as the body carries it, after the shared schema trimmed and checked it. */
export interface FeedbackBody {
  stars: number;
  note?: string | undefined;
  tags?: FeedbackTag[] | undefined;
}

/**
 * The donor rates the pickup or the destination rates the food of a fulfilled request (decision
 * 0058). The request is locked first (as every move does), then the rated user, so ratings of
 * one person recompute their average one after another, each from the whole feedback table. A
 * second rating of the same request by the same person answers 409 FEEDBACK_ALREADY_GIVEN and
 * changes nothing (an Idempotency-Key replay gets the first answer from the plugin).
 */
export async function giveFeedback(
  database: Database,
  rater: UserRow,
  requestId: string,
  body: FeedbackBody,
): Promise<{ feedback: FeedbackRow; request: RequestRow; view: FeedbackView }> {
  return database.db.transaction(async (tx) => {
    const { request, donation } = await lockRequestWithDonation(tx, requestId);
    authorize(rater, 'rate', { request, donation });
    const kind = feedbackKindFor(rater, { request, donation })!;
    if (request.status !== 'fulfilled') throw new AppError('FEEDBACK_NOT_YET');
    const tags = [...new Set(body.tags ?? [])];
    if (!tagsFitKind(kind, tags)) throw invalidField('tags', 'FEEDBACK_TAG_UNKNOWN');
    const ratedUserId = ratedUserOf(kind, request)!;
    await lockUserForRating(tx, ratedUserId);
    const row = await insertFeedback(tx, {
      requestId: request.id,
      raterId: rater.id,
      ratedUserId,
      kind,
      stars: body.stars,
      note: body.note ?? null,
      tags,
    });
    if (!row) throw new AppError('FEEDBACK_ALREADY_GIVEN');
    await refreshUserRating(tx, ratedUserId);
    return { feedback: row, request, view: await feedbackViewFor(tx, rater, [request]) };
  });
}

/** The ratings and given stars a list of requests needs for `viewer` (two reads per list). */
export async function feedbackViewFor(
  db: DbOrTx,
  viewer: Pick<UserRow, 'id'>,
  rows: readonly RequestRow[],
): Promise<FeedbackView> {
  const ratings = await listUserRatings(
    db,
    rows.flatMap((r) =>
      [r.donorId, r.volunteerId, r.destinationUserId].filter((id): id is string => id !== null),
    ),
  );
  const fulfilled = rows.filter((r) => r.status === 'fulfilled').map((r) => r.id);
  const given = await listGivenFeedback(db, viewer.id, fulfilled);
  return {
    ratings,
    given: new Map(given.map((g) => [`${g.requestId}:${g.kind}`, g.stars])),
  };
}
