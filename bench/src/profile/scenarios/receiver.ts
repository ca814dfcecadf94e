// Receivers: find food, ask for it, take deliveries.
import { call, pick, type Context, type SimUser } from '../world.js';
import { browse, myRequests, requestFood } from './food.js';
import { itemsOf, type RequestItem, type Scenario } from './types.js';

async function incoming(ctx: Context, user: SimUser): Promise<void> {
  const list = await call(ctx, user, 'GET', 'GET /api/requests/incoming', '/api/requests/incoming');
  const items = itemsOf<RequestItem>(list.body).filter((r) => r.destinationUserId === user.id);
  const confirmable = items.filter(
    (r) => r.status === 'collected' || (r.status === 'accepted' && r.isSelfDelivery),
  );
  const acceptable = items.filter(
    (r) => !r.destinationAccepted && (r.status === 'accepted' || r.status === 'collected'),
  );
  const conflicts = ['INVALID_TRANSITION', 'DONATION_GONE'] as const;
  if (confirmable.length && (ctx.random() < 0.7 || !acceptable.length)) {
    const request = pick(ctx.random, confirmable)!;
    const quality = request.isSelfDelivery && ctx.random() < 0.1 ? 'bad' : 'good';
    const answer = await call(
      ctx,
      user,
      'POST',
      'POST /api/requests/:id/confirm-receipt',
      `/api/requests/${request.id}/confirm-receipt`,
      { body: request.isSelfDelivery ? { quality } : {}, conflicts },
    );
    if (answer.outcome === 'ok') ctx.recorder.count('receipts confirmed by destinations');
  } else if (acceptable.length) {
    const request = pick(ctx.random, acceptable)!;
    await call(
      ctx,
      user,
      'POST',
      'POST /api/requests/:id/accept-delivery',
      `/api/requests/${request.id}/accept-delivery`,
      { conflicts },
    );
  }
}

async function withdrawRequest(ctx: Context, user: SimUser): Promise<void> {
  const list = await call(ctx, user, 'GET', 'GET /api/requests', '/api/requests?filter=pending');
  const mine = itemsOf<RequestItem>(list.body).filter(
    (r) => r.requesterId === user.id && r.status === 'pending' && !r.isVolunteerRequest,
  );
  const request = pick(ctx.random, mine);
  if (!request) return;
  await call(ctx, user, 'DELETE', 'DELETE /api/requests/:id', `/api/requests/${request.id}`, {
    conflicts: ['INVALID_TRANSITION', 'DONATION_GONE'],
  });
}

export const receiver: Scenario[] = [
  { name: 'browse food', weight: 20, run: browse },
  { name: 'request food', weight: 12, run: requestFood },
  myRequests,
  { name: 'incoming deliveries', weight: 14, run: incoming },
  { name: 'withdraw request', weight: 2, run: withdrawRequest },
];
