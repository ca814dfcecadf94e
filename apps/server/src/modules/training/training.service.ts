import {
  gradeHygieneQuiz,
  hygieneValidUntil,
  isHygieneCurrent,
  type HygieneGradeResponse,
  type HygieneOption,
  type HygieneStatus,
} from '@annasetu/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { appendEvent } from '../events/events.queries.js';

/** Where a volunteer stands with the food hygiene course. */
export function hygieneStatus(passedAt: Date | null): HygieneStatus {
  return {
    passedAt: passedAt?.toISOString() ?? null,
    validUntil: hygieneValidUntil(passedAt)?.toISOString() ?? null,
    current: isHygieneCurrent(passedAt),
  };
}

/**
 * Grades the quiz. A pass (8 of 10) starts a new year of grabs and is logged; a fail changes
 * nothing, so a volunteer whose pass still holds keeps it while they practise.
 */
export async function takeHygieneQuiz(
  database: Database,
  volunteer: UserRow,
  answers: Record<string, HygieneOption>,
): Promise<HygieneGradeResponse> {
  const grade = gradeHygieneQuiz(answers);
  if (!grade.passed) return { ...grade, status: hygieneStatus(volunteer.hygienePassedAt) };
  const passedAt = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ hygienePassedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, volunteer.id))
      .returning({ hygienePassedAt: users.hygienePassedAt });
    await appendEvent(tx, {
      entityType: 'user',
      entityId: volunteer.id,
      action: 'user.hygiene_passed',
      actorId: volunteer.id,
      data: { score: grade.score, total: grade.total },
    });
    return row?.hygienePassedAt ?? null;
  });
  return { ...grade, status: hygieneStatus(passedAt) };
}
