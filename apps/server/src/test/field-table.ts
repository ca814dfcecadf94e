import { sql } from 'drizzle-orm';
import { updateUserProfile } from '../modules/users/users.queries.js';
import type { TestClient } from './build-app.js';
import { donationInput } from './factories.js';
import {
  collected,
  fulfilled,
  grabbed,
  pending,
  requested,
  selfDelivery,
} from './route-fixtures.js';
import {
  must,
  send,
  type Caller,
  type Fixture,
  type Response,
  type World,
} from './route-harness.js';

// Who sees whose private details, field by field (product rules 4b, decision 0021): for every
// response field that can hold another person's email, phone, address or point, the table says
// which callers see the real value and which get it hidden (null, absent, or a point rounded to
// about 1 km). authz-table.test.ts runs it, and fails when a response schema gains a field the
// inventory below does not classify, or a route answers with a private field and has no row.

/** The kinds of private detail. */
export type PrivateKind = 'email' | 'phone' | 'address' | 'point' | 'rating' | 'conduct';

/**
 * Every property name that appears in an API response schema: private (with its kind) or public.
 * A new response field must be added here, and if private, get rows in FIELD_ROWS.
 */
export const FIELD_INVENTORY: Readonly<Record<string, PrivateKind | 'public'>> = {
  // Private: another person's contact details and where they are.
  email: 'email',
  phone: 'phone',
  address: 'address',
  coordinates: 'point',
  donorEmail: 'email',
  donorPhone: 'phone',
  donorAddress: 'address',
  donorCoordinates: 'point',
  pickupAddress: 'address',
  pickupCoordinates: 'point',
  requesterEmail: 'email',
  requesterPhone: 'phone',
  requesterAddress: 'address',
  requesterCoordinates: 'point',
  volunteerEmail: 'email',
  destinationEmail: 'email',
  destinationPhone: 'phone',
  destinationAddress: 'address',
  // Where a request's food is picked up and dropped off (the lists and the trip).
  pickupPoint: 'point',
  dropoffPoint: 'point',
  // A volunteer's home point (availability): answered to that volunteer only.
  home: 'point',
  // A party's rating, average and count (decision 0057): to the parties of a live match and
  // admins, under the same rule as the contact details.
  donorRating: 'rating',
  volunteerRating: 'rating',
  destinationRating: 'rating',
  // A volunteer's no-show count (decision 0061): to that volunteer and admins only. It is in the
  // profile schema alone, which only the routes of OWN_OR_MODERATION answer with.
  noShows: 'conduct',
  // When a volunteer passed the hygiene course (decision 0067): like no-shows, in the profile
  // schema alone, to that volunteer and admins.
  hygienePassedAt: 'conduct',
};

/**
 * Property names of response schemas that hold nothing private about another person: names,
 * localities, food, statuses, figures, ids, and containers whose private members are listed
 * above. `data` (a notification's or event's details) holds ids, names and food only.
 */
export const PUBLIC_FIELDS: readonly string[] = [
  // The caller's own data export: containers of their own profile, records and stored rows.
  'exportedAt',
  'profile',
  'requests',
  'collections',
  'notifications',
  'sessions',
  'activityLog',
  'recurringDonations',
  'calendarFeed',
  // The admin's view of text and WhatsApp messages (counts and the budget, no numbers or texts).
  'whatsapp',
  'alert',
  'budgetLeft',
  'byKind',
  'dailyBudget',
  'delivered',
  'failed',
  'messages',
  'otp',
  'reply',
  'segments',
  'sent',
  'total',
  'waiting',
  // Notification preferences (the caller's own): channels off per type, SMS on per type,
  // quiet hours from/to.
  'from',
  'off',
  'on',
  'preferences',
  'quietHours',
  'to',
  'acceptedRequests',
  'action',
  'actorId',
  'actorName',
  'area',
  'at',
  'availability',
  'buckets',
  'capacity',
  'co2',
  'co2Saved',
  'collection',
  'completed',
  'completedAt',
  'count',
  'createdAt',
  'cuisine',
  'data',
  'database',
  'databaseKind',
  'deliveriesCompleted',
  'deliveriesReceived',
  'deliveryMethod',
  'description',
  'destination',
  'destinationAccepted',
  'destinationArea',
  'destinationInfo',
  'destinationName',
  'destinationNotified',
  'destinationType',
  'destinationUserId',
  'detailsShown',
  'distanceKm',
  'donation',
  'donationId',
  'donations',
  'donationsMade',
  'donorArea',
  'donorId',
  'donorName',
  'donorVerified',
  'emailNotifications',
  'endsOn',
  'entityId',
  'entityType',
  'expiresInSeconds',
  'expiryHours',
  'expiryTime',
  'feed',
  'foodType',
  'frequency',
  'fromStatus',
  'fromTime',
  'granularity',
  'id',
  'isExpired',
  'isRead',
  'isRoutedByVolunteer',
  'isSelfDelivery',
  'isVerified',
  // Food safety (decision 0059): how the food is kept, its allergens, its safe-by time, and the
  // FSSAI numbers of food businesses and food banks, which the law has them display publicly.
  'holding',
  'useBy',
  'allergens',
  'safeUntil',
  'fssaiNumber',
  'fssaiVerifiedAt',
  'donorFssai',
  'destinationFssai',
  'number',
  'verified',
  // The handover record (decision 0063): names, food facts, times and the checks at pickup and
  // on arrival; no contact details. A register is a list of them.
  'handover',
  'pickedUpAt',
  'holdingAtPickup',
  'containerClosed',
  'arrivalCondition',
  'arrivalNote',
  'arrivalCheckedAt',
  // What changed hands (decision 0064): amounts at pickup and on receipt, what a donation's
  // impact rests on, and whether a receipt fell a fifth short. Quantities, like the posted one.
  'pickedQuantity',
  'receivedQuantity',
  'receiptShortfall',
  'impactBasis',
  'measuredQuantity',
  // The food hygiene course (decision 0067): the caller's own pass and the grade of their quiz.
  'hygiene',
  'passedAt',
  'validUntil',
  'current',
  'score',
  'total',
  'passed',
  'wrong',
  // ... and how many of a person's delivered donations rest on a measured amount.
  'donationsCounted',
  'donationsMeasured',
  // A pickup's conversation (decision 0065): shown only to its parties, who wrote it to each
  // other; names as on the request, no contact details of their own.
  'thread',
  'messages',
  'senderId',
  'senderName',
  'party',
  'mine',
  'text',
  'code',
  'canWrite',
  'writableUntil',
  'quickMessages',
  // ... and a notification of a message repeats its quick message code or its first words.
  'messageCode',
  'messageText',
  'isVolunteerRequest',
  'items',
  'kg',
  'kgDonated',
  'kind',
  'language',
  'lastPostedAt',
  'lat',
  'lng',
  'maxPickupsPerDay',
  'meals',
  'mealsDonated',
  'message',
  'name',
  'needsConfirmation',
  'nextCursor',
  'notes',
  'notification',
  'ok',
  'organizationName',
  'photoId',
  'phoneVerified',
  'photoUrl',
  'pickupArea',
  'pickupsToday',
  'postedCount',
  'prepDate',
  'prepTime',
  'publicKey',
  'quality',
  'quantity',
  'radiusKm',
  'range',
  'rating',
  // The caller's own ratings count, what they rated (feedback), and a rating's members.
  'ratingCount',
  'myFeedback',
  'feedback',
  'stars',
  'note',
  'tags',
  'average',
  'readAt',
  // The holding volunteer's own deadline to collect (decision 0061).
  'collectBy',
  'receivedAt',
  'receiverCo2',
  'reply',
  // The assistant's closest topics on a weak match: questions in the reader's language.
  'suggestions',
  'request',
  'requestId',
  'requesterArea',
  'requesterId',
  'requesterName',
  'requesterVerified',
  'role',
  'rrule',
  'schedule',
  'series',
  'seriesId',
  'since',
  'skipped',
  'start',
  'startsOn',
  'stats',
  'status',
  'suspendedAt',
  'template',
  'timeOfDay',
  'timeZone',
  'title',
  'toStatus',
  'toTime',
  'tokens',
  'topCuisines',
  'totalCO2Saved',
  'totalCompletedDonations',
  'totalDonations',
  'totalDonors',
  'totalKgDonated',
  'totalMealsDonated',
  'totalMeasuredDonations',
  'totalReceivers',
  'totalRequests',
  'totalUsers',
  'totalVolunteers',
  'type',
  'unit',
  'unread',
  'upcoming',
  'updated',
  'updatedAt',
  'uptimeSeconds',
  'url',
  'user',
  'userId',
  'vegType',
  'volunteerCo2',
  'volunteerId',
  'volunteerName',
  'webcal',
  'weekdays',
  // Public impact figures and organisation cards (decision 0033): aggregates, grid cell centres,
  // the organisation's own name and its card's random address.
  'generatedAt',
  'licence',
  'totals',
  'co2Kg',
  'completedDonations',
  'measuredDonations',
  'organisations',
  'trends',
  'weekly',
  'monthly',
  'grid',
  'degrees',
  'minRescues',
  'cells',
  'sizeKm',
  'rescues',
  'cuisines',
  'good',
  'bad',
  'badFoodTo',
  'factors',
  'co2KgPerMeal',
  'co2KgPerKg',
  'mealsPerFamilyDay',
  'co2GramsPerKm',
  'kgPerMeal',
  'slug',
  'displayName',
  'publicImpact',
  'publicSlug',
  // Accounts per role (counts).
  'foodbank',
  'individual',
  'mess',
  'nursery',
  'poultry',
  'restaurant',
  'volunteer',
];

/**
 * Routes whose private fields are the caller's own (their profile, their export), an admin's
 * moderation view (each read logged), or the destination a volunteer is carrying food to right
 * now; with the reason, so the exemption is a decision rather than a gap.
 */
export const OWN_OR_MODERATION: Readonly<Record<string, string>> = {
  'POST /api/auth/register': "the caller's own profile",
  'POST /api/auth/login': "the caller's own profile",
  'GET /api/me': "the caller's own profile",
  'PATCH /api/me': "the caller's own profile",
  'POST /api/auth/otp/verify': "the caller's own profile (signed in by their own number's code)",
  'POST /api/me/phone/verify': "the caller's own profile",
  'GET /api/me/export': "the caller's own data (their donations and requests are their own)",
  'GET /api/admin/users': 'admin moderation; every user shown is logged as a private read',
  'PATCH /api/admin/users/{id}': 'admin moderation of one user, logged as admin.user_updated',
  'POST /api/collections':
    'the volunteer who just collected the food: the destination they now carry it to',
  'GET /api/availability': "the volunteer's own home point and hours",
  'PUT /api/availability': "the volunteer's own home point and hours",
  'GET /api/series': "the donor's own recurring donations (their own pickup point)",
  'POST /api/series': "the donor's own recurring donation",
  'PATCH /api/series/{id}': "the donor's own recurring donation (others get 404)",
  'POST /api/series/{id}/keep': "the donor's own recurring donation (others get 404)",
  'POST /api/series/{id}/skip': "the donor's own recurring donation (others get 404)",
};

/** Whose detail a field holds, as one of the fixture's callers. */
type Owner = 'donor' | 'requester' | 'carrier' | 'destination';

type Sight = 'all' | 'none' | readonly string[];

export interface FieldRow {
  route: string;
  scenario: string;
  fixture: (w: World) => Promise<Fixture>;
  call: (c: TestClient, f: Fixture, w: World) => Promise<Response>;
  /** The object in the answer that carries the fields. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  pick: (body: any, f: Fixture, w: World) => Record<string, unknown> | undefined;
  /** Each private field checked, and whose detail it holds. */
  fields: Readonly<Record<string, Owner>>;
  /** Per caller: every field shown, none, or the fields shown (the others hidden). */
  sees: Partial<Record<Caller, Sight>>;
}

const POINTS: Record<Owner, { lat: number; lng: number }> = {
  donor: { lat: 12.971_234, lng: 77.594_567 },
  requester: { lat: 12.982_345, lng: 77.601_234 },
  carrier: { lat: 12.963_456, lng: 77.588_901 },
  destination: { lat: 12.955_678, lng: 77.612_345 },
};

const PHONES: Record<Owner, string> = {
  donor: '+91 90000 00001',
  requester: '+91 90000 00002',
  carrier: '+91 90000 00003',
  destination: '+91 90000 00004',
};

const ADDRESSES: Record<Owner, string> = {
  donor: '14 Church Street, Shivajinagar, Bengaluru 560001',
  requester: '2 Hosur Road, Koramangala, Bengaluru 560034',
  carrier: 'Flat 9, 7 Cubbon Road, Ashok Nagar, Bengaluru 560025',
  destination: '51 Lalbagh Road, Shanti Nagar, Bengaluru 560027',
};

/** Gives the fixture's parties distinct phones, addresses and exact points (before any fixture). */
export async function placeParties(w: World): Promise<void> {
  for (const owner of Object.keys(POINTS) as Owner[]) {
    await updateUserProfile(w.app.database.db, w.actors[owner].id, {
      phone: PHONES[owner],
      address: ADDRESSES[owner],
      lat: POINTS[owner].lat,
      lng: POINTS[owner].lng,
    });
  }
}

/** Every private value of the fixture's parties, as text (for scanning notifications). */
export function privateValues(w: World): string[] {
  return (Object.keys(POINTS) as Owner[]).flatMap((owner) => [
    w.actors[owner].email,
    PHONES[owner],
    ADDRESSES[owner],
    // The street part alone, and the exact coordinates as written in JSON.
    ADDRESSES[owner].split(',')[0]!,
    String(POINTS[owner].lat),
    String(POINTS[owner].lng),
  ]);
}

/** A rating shown: its average and count, whatever the ratings given so far made them. */
const isRating = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { average?: unknown }).average === 'number' &&
  typeof (value as { count?: unknown }).count === 'number';

function truth(w: World, owner: Owner, kind: Exclude<PrivateKind, 'rating' | 'conduct'>): unknown {
  if (kind === 'email') return w.actors[owner].email;
  if (kind === 'phone') return PHONES[owner];
  if (kind === 'address') return ADDRESSES[owner];
  return POINTS[owner];
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The differences between what a caller got and what the table says; empty when it agrees. */
export function judgeFields(
  w: World,
  row: FieldRow,
  caller: Caller,
  item: Record<string, unknown>,
): string[] {
  const sight = row.sees[caller]!;
  const problems: string[] = [];
  for (const [field, owner] of Object.entries(row.fields)) {
    const kind = FIELD_INVENTORY[field];
    if (!kind || kind === 'public') {
      problems.push(`${field} is not a private field of the inventory`);
      continue;
    }
    const shown = sight === 'all' || (sight !== 'none' && sight.includes(field));
    const value = item[field];
    if (kind === 'rating' || kind === 'conduct') {
      const expected = kind === 'rating' ? isRating(value) : typeof value === 'number';
      if (shown && !expected)
        problems.push(`${field}: expected a ${kind}, got ${JSON.stringify(value)}`);
      if (!shown && value != null)
        problems.push(`${field}: expected hidden, got ${JSON.stringify(value)}`);
      continue;
    }
    const real = truth(w, owner, kind);
    if (shown && !sameValue(value, real))
      problems.push(`${field}: expected ${JSON.stringify(real)}, got ${JSON.stringify(value)}`);
    if (!shown && value !== null && value !== undefined && value !== '') {
      if (kind !== 'point')
        problems.push(`${field}: expected hidden, got ${JSON.stringify(value)}`);
      else if (sameValue(value, real)) problems.push(`${field}: expected rounded, got the point`);
    }
  }
  return problems;
}

const DONATION_FIELDS = {
  donorEmail: 'donor',
  donorPhone: 'donor',
  donorAddress: 'donor',
  donorCoordinates: 'donor',
  pickupAddress: 'donor',
  pickupCoordinates: 'donor',
} as const;

const REQUESTER_FIELDS = {
  requesterEmail: 'requester',
  requesterPhone: 'requester',
  requesterAddress: 'requester',
  requesterCoordinates: 'requester',
} as const;

const DONOR_ON_REQUEST = { donorEmail: 'donor', donorAddress: 'donor' } as const;

const DESTINATION_FIELDS = {
  destinationEmail: 'destination',
  destinationPhone: 'destination',
  destinationAddress: 'destination',
} as const;

/** The ratings of the donor, the carrying volunteer and the nursery the food went to. */
const PARTY_RATINGS = {
  donorRating: 'donor',
  volunteerRating: 'carrier',
  destinationRating: 'destination',
} as const;

/** A receiver's request carried by a volunteer: from the donor's pickup to the receiver. */
const ROUTED_POINTS = { pickupPoint: 'donor', dropoffPoint: 'requester' } as const;

/** Food going to the nursery (collected there, or the donor's self delivery). */
const CARRIED_POINTS = { pickupPoint: 'donor', dropoffPoint: 'destination' } as const;

/** What the parties of a volunteer's grab with no receiver see: never the volunteer's home. */
const SEEN_ON_A_LONE_GRAB = [
  'donorEmail',
  'donorAddress',
  'requesterEmail',
  'requesterPhone',
  'volunteerEmail',
  'pickupPoint',
] as const;

/** ... delivered to the nursery and confirmed, eight days ago: past the 7-day window. */
async function fulfilledLongAgo(w: World): Promise<Fixture> {
  const f = await collected(w);
  await must(
    send(w.actors.destination.client, 'POST', `/api/requests/${f.requestId}/confirm-receipt`, {}),
    200,
    () => 0,
  );
  await w.app.database.db.execute(
    sql`update requests set updated_at = now() - interval '8 days' where id = ${f.requestId}`,
  );
  return f;
}

/** A volunteer donation grabbed with no receiver: the volunteer is the request's requester. */
async function grabbedAlone(w: World): Promise<Fixture> {
  const { donationId } = await pending(w);
  const requestId = await must(
    send(w.actors.carrier.client, 'POST', `/api/donations/${donationId}/grab`),
    201,
    (b) => b.request.id as string,
  );
  return { donationId, requestId };
}

const donation = (c: TestClient, f: Fixture) => send(c, 'GET', `/api/donations/${f.donationId}`);
const requestsOf = (c: TestClient, f: Fixture) =>
  send(c, 'GET', `/api/requests?filter=all&donationId=${f.donationId}`);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const byRequestId = (body: any, f: Fixture) =>
  (body.items as Array<Record<string, unknown>>).find((r) => r.id === f.requestId);

const EVERY_ROLE = ['restaurant', 'individual', 'mess', 'foodbank', 'volunteer'] as const;
const none = (callers: readonly Caller[]) =>
  Object.fromEntries(callers.map((c) => [c, 'none'])) as Partial<Record<Caller, Sight>>;

export const FIELD_ROWS: FieldRow[] = [
  {
    route: 'GET /api/donations/{id}',
    scenario: 'pending with a pending request: no one is matched yet',
    fixture: requested,
    call: donation,
    pick: (b) => b.donation,
    fields: DONATION_FIELDS,
    sees: {
      ...none(['individual', 'foodbank', 'nursery', 'poultry', 'volunteer', 'requester']),
      donor: 'all',
      admin: 'all',
    },
  },
  {
    route: 'GET /api/donations/{id}',
    scenario: 'accepted and grabbed: the requester and the volunteer are matched',
    fixture: grabbed,
    call: donation,
    pick: (b) => b.donation,
    fields: DONATION_FIELDS,
    sees: { donor: 'all', requester: 'all', carrier: 'all', admin: 'all' },
  },
  {
    route: 'GET /api/donations/{id}',
    scenario: 'collected for the nursery: the destination is matched too',
    fixture: collected,
    call: donation,
    pick: (b) => b.donation,
    fields: DONATION_FIELDS,
    sees: { donor: 'all', requester: 'all', carrier: 'all', destination: 'all', admin: 'all' },
  },
  {
    route: 'GET /api/donations/{id}',
    scenario: 'delivered more than 7 days ago: the match has ended',
    fixture: fulfilledLongAgo,
    call: donation,
    pick: (b) => b.donation,
    fields: DONATION_FIELDS,
    sees: {
      ...none(['requester', 'carrier', 'destination']),
      donor: 'all',
      admin: 'all',
    },
  },
  {
    route: 'GET /api/donations/available',
    scenario: 'in the feeds',
    fixture: pending,
    call: (c) => send(c, 'GET', '/api/donations/available?sort=newest&limit=50'),
    pick: (b, f) => (b.items as Array<Record<string, unknown>>).find((d) => d.id === f.donationId),
    fields: DONATION_FIELDS,
    sees: none(['individual', 'foodbank', 'nursery', 'poultry', 'volunteer', 'admin']),
  },
  {
    route: 'GET /api/donations/mine',
    scenario: "the donor's own list",
    fixture: pending,
    call: (c) => send(c, 'GET', '/api/donations/mine?limit=50'),
    pick: (b, f) => (b.items as Array<Record<string, unknown>>).find((d) => d.id === f.donationId),
    fields: DONATION_FIELDS,
    sees: { donor: 'all' },
  },
  {
    route: 'GET /api/requests',
    scenario: 'pending: each side sees only its own details',
    fixture: requested,
    call: requestsOf,
    pick: byRequestId,
    fields: {
      ...REQUESTER_FIELDS,
      ...DONOR_ON_REQUEST,
      pickupPoint: 'donor',
      donorRating: 'donor',
    },
    sees: {
      donor: ['donorEmail', 'donorAddress', 'pickupPoint', 'donorRating'],
      requester: Object.keys(REQUESTER_FIELDS),
      admin: 'all',
    },
  },
  {
    route: 'GET /api/requests',
    scenario: 'accepted and grabbed: the parties see each other',
    fixture: grabbed,
    call: requestsOf,
    pick: byRequestId,
    fields: {
      ...REQUESTER_FIELDS,
      ...DONOR_ON_REQUEST,
      volunteerEmail: 'carrier',
      ...ROUTED_POINTS,
      donorRating: 'donor',
      volunteerRating: 'carrier',
      destinationRating: 'requester',
    },
    sees: { donor: 'all', requester: 'all', carrier: 'all', admin: 'all' },
  },
  {
    route: 'GET /api/requests',
    scenario: 'delivered more than 7 days ago: the match has ended',
    fixture: fulfilledLongAgo,
    call: requestsOf,
    pick: byRequestId,
    fields: {
      ...REQUESTER_FIELDS,
      ...DONOR_ON_REQUEST,
      volunteerEmail: 'carrier',
      destinationEmail: 'destination',
      destinationPhone: 'destination',
      destinationAddress: 'destination',
      ...CARRIED_POINTS,
      ...PARTY_RATINGS,
    },
    sees: {
      donor: ['donorEmail', 'donorAddress', 'pickupPoint', 'donorRating'],
      requester: Object.keys(REQUESTER_FIELDS),
      carrier: ['volunteerEmail', 'volunteerRating'],
      destination: [
        'destinationEmail',
        'destinationPhone',
        'destinationAddress',
        'dropoffPoint',
        'destinationRating',
      ],
      admin: 'all',
    },
  },
  {
    route: 'GET /api/requests',
    scenario: "grabbed with no receiver: the volunteer's home reaches no one",
    fixture: grabbedAlone,
    call: requestsOf,
    pick: byRequestId,
    fields: {
      requesterEmail: 'carrier',
      requesterPhone: 'carrier',
      requesterAddress: 'carrier',
      requesterCoordinates: 'carrier',
      ...DONOR_ON_REQUEST,
      volunteerEmail: 'carrier',
      pickupPoint: 'donor',
    },
    sees: {
      donor: [...SEEN_ON_A_LONE_GRAB],
      carrier: [...SEEN_ON_A_LONE_GRAB],
      admin: [...SEEN_ON_A_LONE_GRAB],
    },
  },
  {
    route: 'GET /api/requests',
    scenario: 'self delivery scheduled: the donor and the destination see each other',
    fixture: selfDelivery,
    call: requestsOf,
    pick: byRequestId,
    fields: {
      requesterEmail: 'destination',
      requesterPhone: 'destination',
      requesterAddress: 'destination',
      requesterCoordinates: 'destination',
      destinationEmail: 'destination',
      destinationPhone: 'destination',
      destinationAddress: 'destination',
      ...DONOR_ON_REQUEST,
      ...CARRIED_POINTS,
      donorRating: 'donor',
      destinationRating: 'destination',
    },
    sees: { donor: 'all', destination: 'all', admin: 'all' },
  },
  {
    route: 'GET /api/requests/trip',
    scenario: 'grabbed: the carrier navigates to the donor and to the food bank that asked',
    fixture: grabbed,
    call: (c) => send(c, 'GET', '/api/requests/trip'),
    pick: byRequestId,
    fields: { ...DONOR_ON_REQUEST, ...REQUESTER_FIELDS, ...ROUTED_POINTS },
    sees: { carrier: 'all' },
  },
  {
    route: 'GET /api/requests/trip',
    scenario: 'collected for the nursery: the carrier navigates to the nursery',
    fixture: collected,
    call: (c) => send(c, 'GET', '/api/requests/trip'),
    pick: byRequestId,
    fields: { ...DONOR_ON_REQUEST, ...DESTINATION_FIELDS, ...CARRIED_POINTS },
    sees: { carrier: 'all' },
  },
  {
    route: 'GET /api/requests/trip',
    scenario: 'self delivery scheduled: the donor navigates to the destination',
    fixture: selfDelivery,
    call: (c) => send(c, 'GET', '/api/requests/trip'),
    pick: byRequestId,
    fields: { ...DONOR_ON_REQUEST, ...DESTINATION_FIELDS, ...CARRIED_POINTS },
    sees: { donor: 'all' },
  },
  {
    route: 'GET /api/requests/incoming',
    scenario: 'self delivery scheduled: the destination sees the donor',
    fixture: selfDelivery,
    call: (c) => send(c, 'GET', '/api/requests/incoming'),
    pick: byRequestId,
    fields: { ...DONOR_ON_REQUEST, donorRating: 'donor', destinationRating: 'destination' },
    sees: { destination: 'all' },
  },
  {
    route: 'GET /api/requests/incoming',
    scenario: 'delivered more than 7 days ago: the ratings are hidden with the contact details',
    fixture: fulfilledLongAgo,
    call: (c) => send(c, 'GET', '/api/requests/incoming'),
    pick: byRequestId,
    fields: { ...DONOR_ON_REQUEST, ...PARTY_RATINGS },
    sees: { destination: ['destinationRating'] },
  },
  {
    route: 'POST /api/requests/{id}/feedback',
    scenario: 'the donor rates the pickup: it sees the parties of the match it just closed',
    fixture: fulfilled,
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/feedback`, { stars: 4 }),
    pick: (b) => b.request,
    fields: {
      ...REQUESTER_FIELDS,
      ...DONOR_ON_REQUEST,
      volunteerEmail: 'carrier',
      ...DESTINATION_FIELDS,
      ...PARTY_RATINGS,
    },
    sees: { donor: 'all', destination: 'all' },
  },
  {
    route: 'POST /api/donations/{id}/requests',
    scenario: "the requester's new request: the donor's details wait for the match",
    fixture: pending,
    call: (c, f) => send(c, 'POST', `/api/donations/${f.donationId}/requests`, {}),
    pick: (b) => b.request,
    fields: { ...REQUESTER_FIELDS, ...DONOR_ON_REQUEST },
    sees: { requester: Object.keys(REQUESTER_FIELDS) },
  },
  {
    route: 'POST /api/donations/{id}/grab',
    scenario: "the volunteer's grab: the donor's details, their own home not copied",
    fixture: pending,
    call: (c, f) => send(c, 'POST', `/api/donations/${f.donationId}/grab`),
    pick: (b) => b.request,
    fields: { ...DONOR_ON_REQUEST, requesterEmail: 'carrier', requesterPhone: 'carrier' },
    sees: { carrier: 'all' },
  },
  {
    route: 'POST /api/donations/{id}/self-delivery',
    scenario: 'the donor delivers food nobody took: they see the destination',
    fixture: pending,
    call: (c, f, w) =>
      send(c, 'POST', `/api/donations/${f.donationId}/self-delivery`, {
        destinationType: 'nursery',
        destinationUserId: w.actors.destination.id,
      }),
    pick: (b) => b.request,
    fields: {
      requesterEmail: 'destination',
      requesterPhone: 'destination',
      requesterAddress: 'destination',
      requesterCoordinates: 'destination',
      ...DESTINATION_FIELDS,
      ...DONOR_ON_REQUEST,
    },
    sees: { donor: 'all' },
  },
  {
    route: 'POST /api/donations/{id}/extend',
    scenario: 'the donor keeps their own donation on offer longer',
    fixture: pending,
    call: (c, f) => send(c, 'POST', `/api/donations/${f.donationId}/extend`, { hours: 1 }),
    pick: (b) => b.donation,
    fields: DONATION_FIELDS,
    sees: { donor: 'all' },
  },
  {
    route: 'POST /api/donations',
    scenario: 'self delivery: the donor sees the destination they deliver to',
    fixture: async () => ({}),
    call: (c, _f, w) =>
      send(
        c,
        'POST',
        '/api/donations',
        donationInput({
          deliveryMethod: 'self',
          destinationType: 'nursery',
          destinationUserId: w.actors.destination.id,
        }),
      ),
    pick: (b) => b.request,
    fields: {
      requesterEmail: 'destination',
      requesterPhone: 'destination',
      requesterAddress: 'destination',
      requesterCoordinates: 'destination',
      ...DESTINATION_FIELDS,
      ...DONOR_ON_REQUEST,
    },
    sees: { donor: 'all' },
  },
  {
    route: 'POST /api/requests/{id}/accept',
    scenario: "accepting: the donor now sees the requester's details",
    fixture: requested,
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/accept`),
    pick: (b) => b.request,
    fields: { ...REQUESTER_FIELDS, ...DONOR_ON_REQUEST },
    sees: { donor: 'all' },
  },
  {
    route: 'POST /api/requests/{id}/reject',
    scenario: "rejecting: the requester's details stay hidden",
    fixture: requested,
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/reject`),
    pick: (b) => b.request,
    fields: { ...REQUESTER_FIELDS, ...DONOR_ON_REQUEST },
    sees: { donor: ['donorEmail', 'donorAddress'] },
  },
  {
    route: 'POST /api/requests/{id}/accept-delivery',
    scenario: 'the destination accepts: it sees who brings the food from where',
    fixture: collected,
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/accept-delivery`),
    pick: (b) => b.request,
    fields: { ...DONOR_ON_REQUEST, volunteerEmail: 'carrier', ...DESTINATION_FIELDS },
    sees: { destination: 'all' },
  },
  {
    route: 'POST /api/requests/{id}/complete',
    scenario: 'the volunteer delivers: the match lasts 7 more days',
    fixture: collected,
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/complete`),
    pick: (b) => b.request,
    fields: {
      ...REQUESTER_FIELDS,
      ...DONOR_ON_REQUEST,
      volunteerEmail: 'carrier',
      ...DESTINATION_FIELDS,
    },
    sees: { carrier: 'all' },
  },
  {
    route: 'POST /api/requests/{id}/confirm-receipt',
    scenario: 'the destination confirms: the match lasts 7 more days',
    fixture: collected,
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/confirm-receipt`, {}),
    pick: (b) => b.request,
    fields: {
      ...REQUESTER_FIELDS,
      ...DONOR_ON_REQUEST,
      volunteerEmail: 'carrier',
      ...DESTINATION_FIELDS,
    },
    sees: { destination: 'all' },
  },
  {
    route: 'GET /api/stats/activity',
    scenario: "the requester's recent activity: a pending request",
    fixture: requested,
    call: (c) => send(c, 'GET', '/api/stats/activity?limit=10'),
    pick: (b, f) =>
      (b.items as Array<{ request?: Record<string, unknown> }>).find(
        (i) => i.request?.id === f.requestId,
      )?.request,
    fields: { ...REQUESTER_FIELDS, ...DONOR_ON_REQUEST },
    sees: { requester: Object.keys(REQUESTER_FIELDS), donor: ['donorEmail', 'donorAddress'] },
  },
  {
    route: 'GET /api/users',
    scenario: 'the receivers directory',
    fixture: async () => ({}),
    call: (c) => send(c, 'GET', '/api/users?role=nursery&limit=100'),
    pick: (b, _f, w) =>
      (b.items as Array<Record<string, unknown>>).find((u) => u.id === w.actors.destination.id),
    fields: {
      email: 'destination',
      phone: 'destination',
      address: 'destination',
      coordinates: 'destination',
    },
    sees: { ...none(EVERY_ROLE), donor: 'none', admin: 'none' },
  },
];

/** A response schema's property names, nested ones included (OpenAPI JSON schema). */
export function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  const node = schema as Record<string, unknown>;
  if (node.properties && typeof node.properties === 'object') {
    for (const [name, child] of Object.entries(node.properties as Record<string, unknown>)) {
      into.add(name);
      propertyNames(child, into);
    }
  }
  for (const key of ['items', 'additionalProperties', 'not']) propertyNames(node[key], into);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    if (Array.isArray(node[key])) for (const c of node[key] as unknown[]) propertyNames(c, into);
  }
  return into;
}

/** Each documented route and the property names of its success answers. */
export function responseFields(spec: {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const names = new Set<string>();
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        const content = (response as { content?: Record<string, { schema?: unknown }> }).content;
        for (const media of Object.values(content ?? {})) propertyNames(media.schema, names);
      }
      out.set(`${method.toUpperCase()} ${path}`, names);
    }
  }
  return out;
}
