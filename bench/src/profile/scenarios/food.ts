// Finding food (receivers, individuals, volunteers).
import { call, pick, type Context, type FeedItem, type SimUser } from '../world.js';
import { itemsOf, type Scenario } from './types.js';

export async function browse(ctx: Context, user: SimUser): Promise<void> {
  const sort = ctx.random() < 0.5 ? 'distance' : 'newest';
  const answer = await call(
    ctx,
    user,
    'GET',
    `GET /api/donations/available (${sort})`,
    `/api/donations/available?sort=${sort}&radiusKm=10`,
  );
  if (answer.outcome === 'ok') user.feed = itemsOf<FeedItem>(answer.body);
}

/**
 * A card near the top of the list, as a person scanning the first cards would choose; more often
 * food posted during the session, which live updates bring to the top of open screens.
 */
export function choose(ctx: Context, user: SimUser): FeedItem | undefined {
  const open = user.feed.filter((d) => !user.requested.has(d.id));
  const live = open.filter((d) => ctx.donorIds.has(d.donorId));
  if (live.length && ctx.random() < 0.6) return pick(ctx.random, live.slice(0, 8));
  return pick(ctx.random, open.slice(0, 8));
}

const REQUEST_CONFLICTS = [
  'ALREADY_REQUESTED',
  'DONATION_UNAVAILABLE',
  'DONATION_EXPIRED',
  'DONATION_GONE',
] as const;

export async function requestFood(ctx: Context, user: SimUser): Promise<void> {
  const donation = choose(ctx, user);
  if (!donation) return browse(ctx, user);
  user.requested.add(donation.id);
  const answer = await call(
    ctx,
    user,
    'POST',
    'POST /api/donations/:id/requests',
    `/api/donations/${donation.id}/requests`,
    {
      body: ctx.random() < 0.4 ? { notes: 'We can collect this evening.' } : {},
      conflicts: REQUEST_CONFLICTS,
    },
  );
  if (answer.outcome === 'ok') ctx.recorder.count('requests made');
}

export const myRequests: Scenario = {
  name: 'my requests',
  weight: 8,
  async run(ctx, user) {
    const filter = pick(ctx.random, ['active', 'active', 'all', 'fulfilled'] as const)!;
    await call(ctx, user, 'GET', 'GET /api/requests', `/api/requests?filter=${filter}`);
  },
};
