// Volunteers: grab, collect, deliver, release.
import { call, pick, type Context, type Rush, type SimUser } from '../world.js';
import { directory } from './donor.js';
import { browse, choose, myRequests } from './food.js';
import type { RequestItem, Scenario } from './types.js';

export async function grab(
  ctx: Context,
  user: SimUser,
  donationId: string,
  rush?: Rush,
): Promise<void> {
  const answer = await call(
    ctx,
    user,
    'POST',
    'POST /api/donations/:id/grab',
    `/api/donations/${donationId}/grab`,
    { conflicts: ['DONATION_UNAVAILABLE'] },
  );
  if (rush) rush.finished++;
  if (answer.outcome !== 'ok') {
    ctx.recorder.count('grabs lost');
    return;
  }
  if (rush) rush.winners++;
  ctx.recorder.count('grabs won');
  const request = (answer.body as { request: RequestItem & { destinationType: string | null } })
    .request;
  user.job = {
    donationId,
    requestId: request.id,
    stage: 'carrying',
    destinationUserId: request.isVolunteerRequest ? null : request.destinationUserId,
    destinationType: request.isVolunteerRequest ? null : request.destinationType,
  };
}

async function collect(ctx: Context, user: SimUser): Promise<void> {
  const job = user.job!;
  const quality = ctx.random() < 0.85 ? 'good' : 'bad';
  const allowed = quality === 'good' ? ['foodbank'] : ['nursery', 'poultry'];
  let destinationType: string;
  let destinationUserId: string | undefined;
  if (job.destinationUserId && job.destinationType && allowed.includes(job.destinationType)) {
    // The receiver the donor chose can take this food.
    destinationType = job.destinationType;
    destinationUserId = job.destinationUserId;
  } else {
    destinationType = pick(ctx.random, allowed)!;
    destinationUserId = pick(ctx.random, await directory(ctx, user, destinationType));
  }
  if (!destinationUserId) return;
  const answer = await call(ctx, user, 'POST', 'POST /api/collections', '/api/collections', {
    body: {
      donationId: job.donationId,
      requestId: job.requestId,
      quality,
      destinationType,
      destinationUserId,
      ...(ctx.random() < 0.3 ? { notes: 'Sealed containers, still warm.' } : {}),
    },
    // The donor withdrew the donation while the volunteer was on the way.
    conflicts: ['DONATION_GONE'],
  });
  if (answer.outcome === 'ok') {
    ctx.recorder.count(`collections (${quality})`);
    job.stage = 'delivering';
  } else {
    user.job = null;
  }
}

async function complete(ctx: Context, user: SimUser): Promise<void> {
  const job = user.job!;
  const answer = await call(
    ctx,
    user,
    'POST',
    'POST /api/requests/:id/complete',
    `/api/requests/${job.requestId}/complete`,
    // The destination may have confirmed receipt first.
    { conflicts: ['INVALID_TRANSITION'] },
  );
  if (answer.outcome === 'ok') ctx.recorder.count('deliveries completed by volunteers');
  user.job = null;
}

async function release(ctx: Context, user: SimUser): Promise<void> {
  const job = user.job!;
  // Counted before it is sent: the server may free the donation before this answer arrives.
  for (const rush of ctx.rushes) if (rush.donationId === job.donationId) rush.releasesSent++;
  const answer = await call(
    ctx,
    user,
    'POST',
    'POST /api/donations/:id/release',
    `/api/donations/${job.donationId}/release`,
    {
      body: ctx.random() < 0.5 ? { reason: 'My scooter broke down.' } : {},
      conflicts: ['DONATION_GONE'],
    },
  );
  if (answer.outcome === 'ok') ctx.recorder.count('grabs released');
  user.job = null;
}

const idle = (u: SimUser) => !u.job;
export const volunteer: Scenario[] = [
  { name: 'browse food', weight: 20, when: idle, run: browse },
  {
    name: 'grab',
    weight: 14,
    when: idle,
    async run(ctx, user) {
      const donation = choose(ctx, user);
      if (!donation) return browse(ctx, user);
      user.requested.add(donation.id);
      await grab(ctx, user, donation.id);
    },
  },
  { name: 'collect', weight: 60, when: (u) => u.job?.stage === 'carrying', run: collect },
  { name: 'release', weight: 3, when: (u) => u.job?.stage === 'carrying', run: release },
  { name: 'complete', weight: 60, when: (u) => u.job?.stage === 'delivering', run: complete },
  myRequests,
];

/** What a volunteer does when an alert about fresh food wakes it. */
export async function answerAlert(ctx: Context, user: SimUser, donationId: string, rush: Rush) {
  user.requested.add(donationId);
  await grab(ctx, user, donationId, rush);
}
