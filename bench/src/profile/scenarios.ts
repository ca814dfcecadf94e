// What each role does, as a weighted choice of screens and actions. Every flow stays valid for
// the user's own state (a volunteer collects only what it grabbed, a donor accepts only requests
// on its own food); answers caused by other users racing it are expected conflicts.
import type { ChatLanguage } from '@annasetu/domain';
import { sessionFrom } from './http.js';
import { call, pick, type Context, type FeedItem, type Rush, type SimUser } from './world.js';

interface Scenario {
  name: string;
  weight: number;
  /** Offered only while this holds for the user (state machine of the flow). */
  when?: (user: SimUser) => boolean;
  run: (ctx: Context, user: SimUser) => Promise<void>;
}

interface RequestItem {
  id: string;
  donationId: string;
  requesterId: string;
  donorId: string;
  status: string;
  isVolunteerRequest: boolean;
  isSelfDelivery: boolean;
  destinationUserId: string | null;
  destinationAccepted: boolean;
}

const itemsOf = <T>(body: unknown): T[] => (body as { items?: T[] } | null)?.items ?? [];

// ---------------------------------------------------------------------------------------------
// Screens every role has

const CHAT_QUESTIONS: readonly (readonly [ChatLanguage, string])[] = [
  ['en', 'How do I donate food?'],
  ['en', 'Is there food available near me?'],
  ['hi', 'खाना दान कैसे करें?'],
  ['hi', 'मेरे कितने टोकन हैं?'],
  ['hi', 'khana kaise donate karein?'],
  ['bn', 'আমি কীভাবে খাবার দান করব?'],
  ['te', 'ఆహారాన్ని ఎలా దానం చేయాలి?'],
  ['kn', 'ಆಹಾರವನ್ನು ಹೇಗೆ ದಾನ ಮಾಡುವುದು?'],
  ['pa', 'ਮੈਂ ਭੋਜਨ ਕਿਵੇਂ ਦਾਨ ਕਰਾਂ?'],
  ['ta', 'உணவை எப்படி தானம் செய்வது?'],
  ['mr', 'मी अन्न कसे दान करू?'],
];

const common: Scenario[] = [
  {
    name: 'notifications',
    weight: 10,
    async run(ctx, user) {
      const list = await call(
        ctx,
        user,
        'GET',
        'GET /api/notifications',
        `/api/notifications${ctx.random() < 0.5 ? '?unreadOnly=true' : ''}`,
      );
      const unread = itemsOf<{ id: string; readAt: string | null }>(list.body).filter(
        (n) => n.readAt === null,
      );
      for (const n of unread.slice(0, 1 + Math.floor(ctx.random() * 2))) {
        await call(
          ctx,
          user,
          'POST',
          'POST /api/notifications/:id/read',
          `/api/notifications/${n.id}/read`,
        );
      }
    },
  },
  {
    name: 'read all',
    weight: 2,
    async run(ctx, user) {
      await call(
        ctx,
        user,
        'POST',
        'POST /api/notifications/read-all',
        '/api/notifications/read-all',
      );
    },
  },
  {
    name: 'unread badge',
    weight: 8,
    async run(ctx, user) {
      await call(
        ctx,
        user,
        'GET',
        'GET /api/notifications/unread-count',
        '/api/notifications/unread-count',
      );
    },
  },
  {
    name: 'stats',
    weight: 6,
    async run(ctx, user) {
      const [endpoint, path] = pick(ctx.random, [
        ['GET /api/stats/me', '/api/stats/me'],
        ['GET /api/stats/me', '/api/stats/me?range=all'],
        ['GET /api/stats/platform', '/api/stats/platform'],
        ['GET /api/stats/trends', '/api/stats/trends?scope=me'],
        ['GET /api/stats/trends', '/api/stats/trends?scope=platform'],
        ['GET /api/stats/activity', '/api/stats/activity'],
      ] as const)!;
      await call(ctx, user, 'GET', endpoint, path);
    },
  },
  {
    name: 'chat',
    weight: 4,
    async run(ctx, user) {
      const [language, message] = pick(ctx.random, CHAT_QUESTIONS)!;
      await call(ctx, user, 'POST', 'POST /api/chat', '/api/chat', { body: { message, language } });
    },
  },
  {
    name: 'profile',
    weight: 3,
    async run(ctx, user) {
      await call(ctx, user, 'GET', 'GET /api/me', '/api/me');
    },
  },
  {
    // Coming back another day: sign out, sign in again (argon2id verification).
    name: 'sign in again',
    weight: 0.5,
    async run(ctx, user) {
      const out = await call(ctx, user, 'POST', 'POST /api/auth/logout', '/api/auth/logout');
      if (out.outcome !== 'ok') return;
      const endpoint = 'POST /api/auth/login';
      const body = { email: user.email, password: user.password, rememberMe: ctx.random() < 0.5 };
      // Signed out now: a busy server is asked again after its Retry-After, as a person would.
      for (let attempt = 0; ; attempt++) {
        const started = performance.now();
        const answer = await ctx.http
          .send('POST', '/api/auth/login', { body, agent: user.agent })
          .catch((error: Error) => error);
        if (!(answer instanceof Error) && answer.status === 200) {
          ctx.recorder.record(endpoint, answer.ms, 'ok');
          user.session = sessionFrom(answer);
          return;
        }
        const busy =
          !(answer instanceof Error) &&
          answer.status === 503 &&
          (answer.body as { code?: string } | null)?.code === 'SERVICE_BUSY';
        const label = answer instanceof Error ? 'no answer' : `${answer.status}`;
        ctx.recorder.record(
          endpoint,
          answer instanceof Error ? performance.now() - started : answer.ms,
          busy ? 'shed' : 'error',
          busy ? '503 SERVICE_BUSY' : label,
        );
        if (!busy || attempt >= 10) {
          if (!busy) ctx.recorder.sample(`login of ${user.role} -> ${label}`);
          throw new Error(`${user.email} could not sign in again (${label})`);
        }
        await new Promise((r) => setTimeout(r, (answer.retryAfter ?? 2) * 1000));
      }
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Finding food (receivers, individuals, volunteers)

async function browse(ctx: Context, user: SimUser): Promise<void> {
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
function choose(ctx: Context, user: SimUser): FeedItem | undefined {
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

async function requestFood(ctx: Context, user: SimUser): Promise<void> {
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

const myRequests: Scenario = {
  name: 'my requests',
  weight: 8,
  async run(ctx, user) {
    const filter = pick(ctx.random, ['active', 'active', 'all', 'fulfilled'] as const)!;
    await call(ctx, user, 'GET', 'GET /api/requests', `/api/requests?filter=${filter}`);
  },
};

// ---------------------------------------------------------------------------------------------
// Donors

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

async function directory(ctx: Context, user: SimUser, role: string): Promise<string[]> {
  const answer = await call(ctx, user, 'GET', 'GET /api/users', `/api/users?role=${role}`);
  return itemsOf<{ id: string }>(answer.body).map((u) => u.id);
}

/** Announces fresh food to a few idle volunteers at once: they all tap "grab" together. */
function announce(ctx: Context, donationId: string): void {
  const idle = ctx.users.filter((u) => u.wake && !u.job);
  if (idle.length < 2 || ctx.random() >= ctx.rushShare) return;
  const size = Math.min(idle.length, 2 + Math.floor(ctx.random() * 4));
  const chosen = [...idle].sort(() => ctx.random() - 0.5).slice(0, size);
  const rush: Rush = { donationId, participants: chosen.length, finished: 0, winners: 0 };
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

const donor: Scenario[] = [
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

// ---------------------------------------------------------------------------------------------
// Receivers

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

const receiver: Scenario[] = [
  { name: 'browse food', weight: 20, run: browse },
  { name: 'request food', weight: 12, run: requestFood },
  myRequests,
  { name: 'incoming deliveries', weight: 14, run: incoming },
  { name: 'withdraw request', weight: 2, run: withdrawRequest },
];

// ---------------------------------------------------------------------------------------------
// Volunteers

async function grab(ctx: Context, user: SimUser, donationId: string, rush?: Rush): Promise<void> {
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
const volunteer: Scenario[] = [
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

/** What a volunteer does when an alert about fresh food wakes it. */
export async function answerAlert(ctx: Context, user: SimUser, donationId: string, rush: Rush) {
  user.requested.add(donationId);
  await grab(ctx, user, donationId, rush);
}
