// What each role does, as a weighted choice of screens and actions. Every flow stays valid for
// the user's own state (a volunteer collects only what it grabbed, a donor accepts only requests
// on its own food); answers caused by other users racing it are expected conflicts.
import { CHAT_QUESTIONS, common } from './scenarios/common.js';
import { donor } from './scenarios/donor.js';
import { receiver } from './scenarios/receiver.js';
import { volunteer } from './scenarios/volunteer.js';
import { call, type Context, type SimUser } from './world.js';

export { answerAlert } from './scenarios/volunteer.js';

const BY_KIND = { donor, receiver, volunteer } as const;

/** Picks the user's next action by weight among those its state allows, and runs it. */
export async function act(ctx: Context, user: SimUser): Promise<string> {
  const offered = [...BY_KIND[user.kind], ...common].filter((s) => !s.when || s.when(user));
  const total = offered.reduce((sum, s) => sum + s.weight, 0);
  let r = ctx.random() * total;
  const scenario = offered.find((s) => (r -= s.weight) < 0) ?? offered[0]!;
  await scenario.run(ctx, user);
  return scenario.name;
}

/**
 * Calls each read the profile uses `runs` times, one at a time, as one user of the right role:
 * what a request costs with no queue in front of it.
 */
export async function measureAlone(ctx: Context, runs: number): Promise<void> {
  const as = (role: string) => ctx.users.find((u) => u.role === role)!;
  const reads: [SimUser, string, string][] = [];
  for (const user of [as('volunteer'), as('foodbank')]) {
    for (const sort of ['distance', 'newest']) {
      reads.push([
        user,
        `GET /api/donations/available (${sort})`,
        `/api/donations/available?sort=${sort}&radiusKm=10`,
      ]);
    }
  }
  const donor = as('restaurant');
  const receiver = as('foodbank');
  reads.push(
    [donor, 'GET /api/donations/mine', '/api/donations/mine'],
    [donor, 'GET /api/requests', '/api/requests?filter=pending'],
    [receiver, 'GET /api/requests/incoming', '/api/requests/incoming'],
    [receiver, 'GET /api/notifications', '/api/notifications'],
    [receiver, 'GET /api/notifications/unread-count', '/api/notifications/unread-count'],
    [receiver, 'GET /api/users', '/api/users?role=foodbank'],
    [donor, 'GET /api/me', '/api/me'],
    [donor, 'GET /api/stats/me', '/api/stats/me'],
    [donor, 'GET /api/stats/platform', '/api/stats/platform'],
    [donor, 'GET /api/stats/trends', '/api/stats/trends?scope=platform'],
    [donor, 'GET /api/stats/activity', '/api/stats/activity'],
  );
  for (const [user, endpoint, path] of reads) {
    for (let i = 0; i < runs; i++) await call(ctx, user, 'GET', endpoint, path);
  }
  const chatter = as('volunteer');
  for (let i = 0; i < runs; i++) {
    const [language, message] = CHAT_QUESTIONS[i % CHAT_QUESTIONS.length]!;
    await call(ctx, chatter, 'POST', 'POST /api/chat', '/api/chat', {
      body: { message, language },
    });
  }
}
