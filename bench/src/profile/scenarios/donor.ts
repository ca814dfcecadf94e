// Donors: post, review requests, withdraw; individuals also look for food.
import { call, pick, type Context, type Rush, type SimUser } from '../world.js';
import { browse, myRequests, requestFood } from './food.js';
import { itemsOf, type RequestItem, type Scenario } from './types.js';

const VOLUNTEER_FOOD = [
  ['North Indian', 'Dal tadka and jeera rice', 'veg', 'meals'],
  ['South Indian', 'Idli and sambar', 'veg', 'meals'],
  ['Hyderabadi', 'Chicken biryani', 'nonveg', 'meals'],
  ['Bakery', 'Bread loaves', 'veg', 'packs'],
  ['Bengali', 'Fish curry', 'nonveg', 'kg'],
  ['Home style', 'Khichdi', 'veg', 'kg'],
  ['Street food', 'Samosa', 'veg', 'packs'],
  ['Dairy', 'Buttermilk', 'veg', 'liters'],
] as const;

export async function directory(ctx: Context, user: SimUser, role: string): Promise<string[]> {
  const answer = await call(ctx, user, 'GET', 'GET /api/users', `/api/users?role=${role}`);
  return itemsOf<{ id: string }>(answer.body).map((u) => u.id);
}

/** Announces fresh food to a few idle volunteers at once: they all tap "grab" together. */
function announce(ctx: Context, donationId: string): void {
  const idle = ctx.users.filter((u) => u.wake && !u.job);
  if (idle.length < 2 || ctx.random() >= ctx.rushShare) return;
  const size = Math.min(idle.length, 2 + Math.floor(ctx.random() * 4));
  const chosen = [...idle].sort(() => ctx.random() - 0.5).slice(0, size);
  const rush: Rush = {
    donationId,
    participants: chosen.length,
    finished: 0,
    winners: 0,
    releasesSent: 0,
  };
  ctx.rushes.push(rush);
  for (const volunteer of chosen) volunteer.wake!({ donationId, rush });
}

async function postDonation(ctx: Context, user: SimUser): Promise<void> {
  const [cuisine, foodType, vegType, unit] = pick(ctx.random, VOLUNTEER_FOOD)!;
  const whole = unit === 'meals' || unit === 'packs';
  const quantity = whole
    ? 5 + Math.floor(ctx.random() * 80)
    : Math.round((2 + ctx.random() * 30) * 10) / 10;
  const prepared = new Date(Date.now() - ctx.random() * 2 * 3_600_000);
  const self = ctx.random() < 0.15;
  const body: Record<string, unknown> = {
    cuisine,
    foodType,
    vegType,
    quantity,
    unit,
    expiryHours: pick(ctx.random, [4, 6, 6, 8, 12])!,
    prepDate: prepared.toISOString().slice(0, 10),
    prepTime: prepared.toISOString().slice(11, 16),
    deliveryMethod: self ? 'self' : 'volunteer',
    ...(ctx.random() < 0.3 ? { notes: 'Packed in containers; please bring bags.' } : {}),
  };
  if (self) {
    // The form's destination picker lists food banks.
    const destination = pick(ctx.random, await directory(ctx, user, 'foodbank'));
    if (!destination) return;
    body.destinationType = 'foodbank';
    body.destinationUserId = destination;
  }
  const answer = await call(ctx, user, 'POST', 'POST /api/donations', '/api/donations', { body });
  if (answer.outcome !== 'ok') return;
  ctx.recorder.count(self ? 'donations posted (self delivery)' : 'donations posted (volunteer)');
  const id = (answer.body as { donation: { id: string } }).donation.id;
  if (!self) announce(ctx, id);
}

const ACCEPT_CONFLICTS = ['DONATION_UNAVAILABLE', 'INVALID_TRANSITION', 'DONATION_GONE'] as const;

async function reviewRequests(ctx: Context, user: SimUser): Promise<void> {
  const list = await call(ctx, user, 'GET', 'GET /api/requests', '/api/requests?filter=pending');
  const waiting = itemsOf<RequestItem>(list.body).filter(
    (r) => r.donorId === user.id && r.status === 'pending' && !r.isVolunteerRequest,
  );
  const request = pick(ctx.random, waiting);
  if (!request) return;
  if (ctx.random() < 0.8) {
    const answer = await call(
      ctx,
      user,
      'POST',
      'POST /api/requests/:id/accept',
      `/api/requests/${request.id}/accept`,
      { conflicts: ACCEPT_CONFLICTS },
    );
    if (answer.outcome === 'ok') ctx.recorder.count('requests accepted by donors');
  } else {
    await call(
      ctx,
      user,
      'POST',
      'POST /api/requests/:id/reject',
      `/api/requests/${request.id}/reject`,
      {
        conflicts: ['INVALID_TRANSITION', 'DONATION_GONE'],
      },
    );
  }
}

async function withdrawDonation(ctx: Context, user: SimUser): Promise<void> {
  const mine = await call(
    ctx,
    user,
    'GET',
    'GET /api/donations/mine',
    '/api/donations/mine?status=pending',
  );
  const donation = pick(ctx.random, itemsOf<{ id: string }>(mine.body));
  if (!donation) return;
  const answer = await call(
    ctx,
    user,
    'DELETE',
    'DELETE /api/donations/:id',
    `/api/donations/${donation.id}`,
    // A volunteer may have collected it a moment ago.
    { conflicts: ['DONATION_NOT_DELETABLE', 'DONATION_GONE'] },
  );
  if (answer.outcome === 'ok') ctx.recorder.count('donations withdrawn');
}

export const donor: Scenario[] = [
  { name: 'post donation', weight: 14, run: postDonation },
  {
    name: 'my donations',
    weight: 14,
    async run(ctx, user) {
      await call(ctx, user, 'GET', 'GET /api/donations/mine', '/api/donations/mine');
    },
  },
  { name: 'review requests', weight: 14, run: reviewRequests },
  { name: 'withdraw donation', weight: 1, run: withdrawDonation },
  // Individuals both donate and ask for food.
  { name: 'browse food', weight: 4, when: (u) => u.role === 'individual', run: browse },
  { name: 'request food', weight: 3, when: (u) => u.role === 'individual', run: requestFood },
  myRequests,
];
