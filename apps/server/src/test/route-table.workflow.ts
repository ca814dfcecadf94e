// The authorization table's rows for the workflow and everything after it (route-table.ts
// holds the first rows and assembles the table).
import {
  bystander,
  collected,
  fulfilled,
  grabbed,
  loosePhoto,
  notification,
  openEvents,
  pending,
  pushSubscription,
  requested,
  selfDelivery,
} from './route-fixtures.js';
import {
  NO_ONE,
  type Row,
  adminOnly,
  must,
  nobody,
  send,
  signedIn,
  subscription,
  uploadPhoto,
} from './route-harness.js';
//            anon  rest  indi  mess  fdbk  nurs  poul  volu  admin
export const WORKFLOW_ROWS: Row[] = [
  // Requests and the workflow
  {
    route: 'GET /api/requests',
    fixture: collected,
    item: (f) => f.requestId!,
    roles: [401, 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'sees'],
    relations: { donor: 'sees', requester: 'sees', carrier: 'sees', destination: 'sees' },
    call: (c, f) => send(c, 'GET', `/api/requests?filter=all&donationId=${f.donationId}`),
  },
  {
    route: 'GET /api/requests/incoming',
    fixture: collected,
    item: (f) => f.requestId!,
    roles: [401, 403, 'hidden', 403, 'hidden', 'hidden', 'hidden', 403, 403],
    relations: { destination: 'sees', requester: 'hidden', donor: 403, carrier: 403 },
    call: (c) => send(c, 'GET', '/api/requests/incoming'),
  },
  {
    route: 'GET /api/requests/trip',
    scenario: 'grabbed: the carrier has the job on their trip',
    fixture: grabbed,
    item: (f) => f.requestId!,
    roles: [401, 'hidden', 'hidden', 'hidden', 403, 403, 403, 'hidden', 403],
    relations: { carrier: 'sees', donor: 'hidden', requester: 403, destination: 403 },
    call: (c) => send(c, 'GET', '/api/requests/trip'),
  },
  {
    route: 'GET /api/requests/trip',
    scenario: 'self delivery: the donor has it on their trip',
    fixture: selfDelivery,
    item: (f) => f.requestId!,
    roles: [401, 'hidden', 'hidden', 'hidden', 403, 403, 403, 'hidden', 403],
    relations: { donor: 'sees', destination: 403 },
    call: (c) => send(c, 'GET', '/api/requests/trip'),
  },
  {
    route: 'POST /api/requests/{id}/accept',
    fixture: requested,
    roles: nobody(403),
    relations: { donor: 200, requester: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/accept`),
  },
  {
    route: 'POST /api/requests/{id}/reject',
    fixture: requested,
    roles: nobody(403),
    relations: { donor: 200, requester: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/reject`),
  },
  {
    route: 'DELETE /api/requests/{id}',
    fixture: requested,
    roles: nobody(403),
    relations: { requester: 204, donor: 403 },
    call: (c, f) => send(c, 'DELETE', `/api/requests/${f.requestId}`),
  },
  {
    route: 'POST /api/donations/{id}/grab',
    fixture: pending,
    roles: [401, 403, 403, 403, 403, 403, 403, 201, 403],
    relations: { donor: 403 },
    call: (c, f) => send(c, 'POST', `/api/donations/${f.donationId}/grab`),
  },
  {
    route: 'POST /api/donations/{id}/release',
    fixture: grabbed,
    roles: nobody(403),
    relations: { carrier: 204, donor: 403, requester: 403 },
    call: (c, f) =>
      send(c, 'POST', `/api/donations/${f.donationId}/release`, { reason: 'Bike broke down' }),
  },
  {
    route: 'POST /api/collections',
    fixture: grabbed,
    roles: nobody(403),
    relations: { carrier: 201, donor: 403, requester: 403, destination: 403 },
    call: (c, f, w) =>
      send(c, 'POST', '/api/collections', {
        donationId: f.donationId,
        requestId: f.requestId,
        quality: 'bad',
        destinationType: 'nursery',
        destinationUserId: w.actors.destination.id,
      }),
  },
  {
    route: 'POST /api/collections',
    scenario: "with another volunteer's photo",
    fixture: async (w) => ({
      ...(await grabbed(w)),
      photoId: await must(uploadPhoto(w.actors.volunteer.client), 201, (b) => b.photoId as string),
    }),
    roles: nobody(403),
    relations: { carrier: 400 },
    call: (c, f, w) =>
      send(c, 'POST', '/api/collections', {
        donationId: f.donationId,
        requestId: f.requestId,
        quality: 'bad',
        destinationType: 'nursery',
        destinationUserId: w.actors.destination.id,
        photoId: f.photoId,
      }),
  },
  {
    route: 'POST /api/requests/{id}/complete',
    fixture: collected,
    roles: nobody(403),
    relations: { carrier: 200, donor: 403, requester: 403, destination: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/complete`),
  },
  {
    route: 'POST /api/requests/{id}/accept-delivery',
    scenario: 'collected by a volunteer',
    fixture: collected,
    roles: nobody(403),
    relations: { destination: 200, requester: 403, donor: 403, carrier: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/accept-delivery`),
  },
  {
    route: 'POST /api/requests/{id}/accept-delivery',
    scenario: 'self delivery',
    fixture: selfDelivery,
    roles: nobody(403),
    relations: { destination: 200, donor: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/accept-delivery`),
  },
  {
    route: 'POST /api/requests/{id}/confirm-receipt',
    scenario: 'collected by a volunteer',
    fixture: collected,
    roles: nobody(403),
    relations: { destination: 200, requester: 403, donor: 403, carrier: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/confirm-receipt`, {}),
  },
  {
    route: 'POST /api/requests/{id}/confirm-receipt',
    scenario: 'self delivery',
    fixture: selfDelivery,
    roles: nobody(403),
    relations: { destination: 200, donor: 403 },
    call: (c, f) =>
      send(c, 'POST', `/api/requests/${f.requestId}/confirm-receipt`, {
        quality: 'good',
        notes: 'Still warm',
      }),
  },
  {
    route: 'POST /api/requests/{id}/feedback',
    scenario: 'delivered: the donor rates the pickup, the nursery the food',
    fixture: fulfilled,
    roles: nobody(403),
    relations: { donor: 201, destination: 201, requester: 403, carrier: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/feedback`, { stars: 5 }),
  },
  {
    route: 'POST /api/requests/{id}/feedback',
    scenario: 'collected, not delivered yet',
    fixture: collected,
    roles: nobody(403),
    relations: { donor: 409, destination: 409, requester: 403, carrier: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/feedback`, { stars: 5 }),
  },

  // The handover record and the register of food received (decision 0063)
  {
    route: 'GET /api/donations/{id}/handover',
    scenario: 'collected: the volunteer took the food to the nursery',
    fixture: collected,
    roles: [401, 403, 403, 403, 403, 403, 403, 403, 200],
    relations: { donor: 200, carrier: 200, destination: 200, requester: 403 },
    call: (c, f) => send(c, 'GET', `/api/donations/${f.donationId}/handover`),
  },
  {
    route: 'GET /api/donations/{id}/handover',
    scenario: 'grabbed, not collected yet: the parties learn there is no record yet',
    fixture: grabbed,
    roles: [401, 403, 403, 403, 403, 403, 403, 403, 409],
    relations: { donor: 409, carrier: 409, requester: 409, destination: 403 },
    call: (c, f) => send(c, 'GET', `/api/donations/${f.donationId}/handover`),
  },
  {
    route: 'GET /api/handover/register',
    roles: [401, 403, 403, 403, 200, 200, 200, 403, 403],
    call: (c) => send(c, 'GET', '/api/handover/register?from=2026-11-01&to=2026-11-30'),
  },
  {
    route: 'GET /api/handover/register.csv',
    roles: [401, 403, 403, 403, 200, 200, 200, 403, 403],
    call: (c) => send(c, 'GET', '/api/handover/register.csv?from=2026-11-01&to=2026-11-30'),
  },

  // The conversation of a pickup (decision 0065): its parties; admins read, logged
  {
    route: 'GET /api/requests/{id}/thread',
    scenario: 'collected: the volunteer took the food to the nursery',
    fixture: collected,
    roles: [401, 403, 403, 403, 403, 403, 403, 403, 200],
    relations: { donor: 200, carrier: 200, destination: 200, requester: 403 },
    call: (c, f) => send(c, 'GET', `/api/requests/${f.requestId}/thread`),
  },
  {
    route: 'POST /api/requests/{id}/thread',
    scenario: 'collected: the parties write, nobody else (admins neither)',
    fixture: collected,
    roles: nobody(403),
    relations: { donor: 201, carrier: 201, destination: 201, requester: 403 },
    call: (c, f) => send(c, 'POST', `/api/requests/${f.requestId}/thread`, { text: 'At the gate' }),
  },

  // Photos
  {
    route: 'POST /api/uploads/photos',
    roles: [401, 403, 403, 403, 403, 403, 403, 201, 403],
    relations: { carrier: 201, donor: 403, destination: 403 },
    call: (c) => uploadPhoto(c),
  },
  {
    route: 'GET /api/uploads/photos/{id}',
    scenario: 'attached to a collection',
    fixture: collected,
    roles: [401, 404, 404, 404, 404, 404, 404, 404, 200],
    relations: { carrier: 200, donor: 200, destination: 200, requester: 404 },
    call: (c, f) => send(c, 'GET', `/api/uploads/photos/${f.photoId}`),
  },
  {
    route: 'GET /api/uploads/photos/{id}',
    scenario: 'not attached yet',
    fixture: loosePhoto,
    roles: [401, 404, 404, 404, 404, 404, 404, 404, 200],
    relations: { carrier: 200, donor: 404 },
    call: (c, f) => send(c, 'GET', `/api/uploads/photos/${f.photoId}`),
  },

  {
    route: 'GET /api/uploads/requests/{id}/photo',
    fixture: collected,
    roles: [401, 404, 404, 404, 404, 404, 404, 404, 200],
    relations: { carrier: 200, donor: 200, destination: 200, requester: 404 },
    call: (c, f) => send(c, 'GET', `/api/uploads/requests/${f.requestId}/photo`),
  },
  {
    route: 'DELETE /api/uploads/photos/{id}',
    scenario: 'not attached yet',
    fixture: loosePhoto,
    roles: [401, 403, 403, 403, 403, 403, 403, 404, 403],
    relations: { carrier: 204, donor: 403 },
    call: (c, f) => send(c, 'DELETE', `/api/uploads/photos/${f.photoId}`),
  },
  {
    route: 'DELETE /api/uploads/photos/{id}',
    scenario: 'attached to a collection: kept as the record',
    fixture: collected,
    roles: [401, 403, 403, 403, 403, 403, 403, 404, 403],
    relations: { carrier: 404, donor: 403, destination: 403 },
    call: (c, f) => send(c, 'DELETE', `/api/uploads/photos/${f.photoId}`),
  },

  // Notifications
  {
    route: 'GET /api/notifications',
    fixture: notification,
    item: (f) => f.notificationId!,
    roles: signedIn('hidden'),
    relations: { owner: 'sees' },
    call: (c) => send(c, 'GET', '/api/notifications'),
  },
  {
    route: 'GET /api/notifications/preferences',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/notifications/preferences'),
  },
  {
    route: 'PUT /api/notifications/preferences',
    roles: signedIn(200),
    call: (c) =>
      send(c, 'PUT', '/api/notifications/preferences', {
        off: { donation_request: ['email'] },
        quietHours: { from: '22:00', to: '06:30' },
      }),
  },
  {
    route: 'GET /api/notifications/unread-count',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/notifications/unread-count'),
  },
  {
    route: 'POST /api/notifications/read-all',
    roles: signedIn(200),
    call: (c) => send(c, 'POST', '/api/notifications/read-all'),
  },
  {
    route: 'POST /api/notifications/{id}/read',
    fixture: notification,
    roles: nobody(404),
    relations: { owner: 200 },
    call: (c, f) => send(c, 'POST', `/api/notifications/${f.notificationId}/read`),
  },
  {
    route: 'DELETE /api/notifications/{id}',
    fixture: notification,
    roles: nobody(404),
    relations: { owner: 204 },
    call: (c, f) => send(c, 'DELETE', `/api/notifications/${f.notificationId}`),
  },
  {
    route: 'GET /api/events',
    roles: signedIn(200),
    call: (c, _f, w) => openEvents(c, w),
  },

  // Push
  {
    route: 'GET /api/push/subscriptions',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/push/subscriptions'),
  },
  {
    route: 'POST /api/push/subscriptions',
    roles: signedIn(201),
    call: (c) => send(c, 'POST', '/api/push/subscriptions', subscription()),
  },
  {
    route: 'DELETE /api/push/subscriptions',
    fixture: pushSubscription,
    roles: nobody(404),
    relations: { owner: 204 },
    call: (c, f) => send(c, 'DELETE', '/api/push/subscriptions', { endpoint: f.endpoint }),
  },

  // Impact figures: everyone signed in (dashboard and analytics)
  {
    route: 'GET /api/stats/me',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/stats/me'),
  },
  {
    route: 'GET /api/stats/platform',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/stats/platform?range=all'),
  },
  {
    route: 'GET /api/stats/trends',
    scenario: 'mine',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/stats/trends?scope=me'),
  },
  {
    route: 'GET /api/stats/trends',
    scenario: 'platform',
    roles: signedIn(200),
    call: (c) => send(c, 'GET', '/api/stats/trends?scope=platform'),
  },
  {
    route: 'GET /api/stats/activity',
    fixture: pending,
    item: (f) => f.donationId!,
    roles: signedIn('hidden'),
    relations: { donor: 'sees' },
    call: (c) => send(c, 'GET', '/api/stats/activity?limit=50'),
  },

  // Chat: signed-in users only
  {
    route: 'POST /chat',
    roles: signedIn(200),
    call: (c) => send(c, 'POST', '/chat', { message: 'How do I donate food?', language: 'en' }),
  },
  {
    route: 'POST /api/chat',
    roles: signedIn(200),
    call: (c) => send(c, 'POST', '/api/chat', { message: 'खाना कैसे दान करूँ?', language: 'hi' }),
  },

  // Admin console
  {
    route: 'GET /api/admin/users',
    roles: adminOnly,
    call: (c) => send(c, 'GET', '/api/admin/users'),
  },
  {
    route: 'PATCH /api/admin/users/{id}',
    scenario: 'verify a user',
    fixture: bystander,
    roles: adminOnly,
    call: (c, f) => send(c, 'PATCH', `/api/admin/users/${f.userId}`, { isVerified: true }),
  },
  {
    route: 'PATCH /api/admin/users/{id}',
    scenario: 'suspend my own account',
    roles: nobody(403),
    call: async (c) => {
      const me = await send(c, 'GET', '/api/me');
      const id = me.statusCode === 200 ? (JSON.parse(me.body).user.id as string) : NO_ONE;
      return send(c, 'PATCH', `/api/admin/users/${id}`, { suspended: true });
    },
  },
  {
    route: 'GET /api/admin/events',
    roles: adminOnly,
    call: (c) => send(c, 'GET', '/api/admin/events'),
  },
  {
    route: 'GET /api/admin/sms',
    roles: adminOnly,
    call: (c) => send(c, 'GET', '/api/admin/sms'),
  },
];
