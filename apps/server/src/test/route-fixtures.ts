// Fixtures of the authorization table: each builds the workflow up to one state through the API,
// as its users would.
import { randomBytes } from 'node:crypto';
import { insertPasswordReset } from '../modules/auth/password-resets.queries.js';
import { hashToken } from '../plugins/session.js';
import { insertUser } from '../modules/users/users.queries.js';
import type { TestClient } from './build-app.js';
import { donationInput, registrationFor } from './factories.js';
import {
  type Fixture,
  type Response,
  type World,
  must,
  send,
  subscription,
  uploadPhoto,
} from './route-harness.js';

/** A pending donation for volunteer delivery, posted by the donor. */
export async function pending(w: World): Promise<Fixture> {
  const donationId = await must(
    send(w.actors.donor.client, 'POST', '/api/donations', donationInput()),
    201,
    (b) => b.donation.id as string,
  );
  return { donationId };
}

export const SERIES_INPUT = {
  template: { cuisine: 'North Indian', foodType: 'Dal and rice', vegType: 'veg', quantity: 30 },
  schedule: { frequency: 'daily', timeOfDay: '21:00' },
};

/** The donor's recurring donation, posting daily at 21:00. */
export async function series(w: World): Promise<Fixture> {
  const seriesId = await must(
    send(w.actors.donor.client, 'POST', '/api/series', SERIES_INPUT),
    201,
    (b) => b.series.id as string,
  );
  return { seriesId };
}

/** The donor's public impact card, switched on (its slug). */
export async function publicCard(w: World): Promise<Fixture> {
  return {
    token: await must(
      send(w.actors.donor.client, 'PATCH', '/api/me', { publicImpact: true }),
      200,
      (b) => b.user.publicSlug as string,
    ),
  };
}

/** The donor's calendar feed address (its token). */
export async function calendarFeed(w: World): Promise<Fixture> {
  const url = await must(
    send(w.actors.donor.client, 'POST', '/api/calendar'),
    200,
    (b) => b.feed.url as string,
  );
  return {
    token: url
      .split('/')
      .pop()!
      .replace(/\.ics$/, ''),
  };
}

/** ... and the food bank's pending request for it (the donor is notified). */
export async function requested(w: World): Promise<Fixture> {
  const { donationId } = await pending(w);
  const requestId = await must(
    send(w.actors.requester.client, 'POST', `/api/donations/${donationId}/requests`, {}),
    201,
    (b) => b.request.id as string,
  );
  return { donationId, requestId };
}

/** ... accepted by the donor, and grabbed by the volunteer, who now carries that request. */
export async function grabbed(w: World): Promise<Fixture> {
  const { donationId, requestId } = await requested(w);
  await must(
    send(w.actors.donor.client, 'POST', `/api/requests/${requestId}/accept`),
    200,
    () => 0,
  );
  const carried = await must(
    send(w.actors.carrier.client, 'POST', `/api/donations/${donationId}/grab`),
    201,
    (b) => b.request.id as string,
  );
  if (carried !== requestId) throw new Error('the grab did not route the accepted request');
  return { donationId, requestId };
}

/**
 * ... collected with a photo: the food was not fit for people, so the volunteer takes it to the
 * nursery (the destination) and the food bank that asked (the requester) is told.
 */
export async function collected(w: World): Promise<Fixture> {
  const { donationId, requestId } = await grabbed(w);
  const photoId = await must(uploadPhoto(w.actors.carrier.client), 201, (b) => b.photoId as string);
  await must(
    send(w.actors.carrier.client, 'POST', '/api/collections', {
      donationId,
      requestId,
      quality: 'bad',
      destinationType: 'nursery',
      destinationUserId: w.actors.destination.id,
      photoId,
    }),
    201,
    () => 0,
  );
  return { donationId, requestId, photoId };
}

/** ... and delivered: the nursery confirmed receipt, so the donor and the nursery may rate. */
export async function fulfilled(w: World): Promise<Fixture> {
  const f = await collected(w);
  await must(
    send(w.actors.destination.client, 'POST', `/api/requests/${f.requestId}/confirm-receipt`, {}),
    200,
    () => 0,
  );
  return f;
}

/** A self delivery: the donor takes the food to the nursery; the request starts accepted. */
export async function selfDelivery(w: World): Promise<Fixture> {
  return must(
    send(
      w.actors.donor.client,
      'POST',
      '/api/donations',
      donationInput({
        deliveryMethod: 'self',
        destinationType: 'nursery',
        destinationUserId: w.actors.destination.id,
      }),
    ),
    201,
    (b) => ({ donationId: b.donation.id as string, requestId: b.request.id as string }),
  );
}

/** A notification of the owner's: the food bank's request reaches the donor. */
export async function notification(w: World): Promise<Fixture> {
  const { requestId } = await requested(w);
  const notificationId = await must(
    send(w.actors.owner.client, 'GET', '/api/notifications?type=donation_request&limit=5'),
    200,
    (b) =>
      (b.items as Array<{ id: string; data: { requestId?: string } }>).find(
        (n) => n.data.requestId === requestId,
      )?.id,
  );
  if (!notificationId) throw new Error('the donor was not notified');
  return { notificationId };
}

/** A push subscription of the owner's browser. */
export async function pushSubscription(w: World): Promise<Fixture> {
  const body = subscription();
  await must(send(w.actors.owner.client, 'POST', '/api/push/subscriptions', body), 201, () => 0);
  return { endpoint: body.endpoint };
}

/** A photo the carrying volunteer uploaded and has not attached yet. */
export async function loosePhoto(w: World): Promise<Fixture> {
  return {
    photoId: await must(uploadPhoto(w.actors.carrier.client), 201, (b) => b.photoId as string),
  };
}

/** A user with no part in anything, for the admin console to act on. */
export async function bystander(w: World): Promise<Fixture> {
  const body = registrationFor('individual');
  const user = await insertUser(w.app.database.db, {
    email: body.email,
    passwordHash: w.passwordHash,
    role: 'individual',
    name: body.name,
    phone: body.phone,
    address: body.address,
  });
  return { userId: user!.id, email: body.email };
}

/** A live password-reset token for a bystander (as if read from the mailed link). */
export async function resetToken(w: World): Promise<Fixture> {
  const { userId } = await bystander(w);
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(w.app.database.db, {
    tokenHash: hashToken(token),
    userId: userId!,
    expiresAt: new Date(Date.now() + 60 * 60_000),
  });
  return { userId, token };
}

/** Opens the event stream over real HTTP (inject cannot stream), reads the status, closes. */
export async function openEvents(c: TestClient, w: World): Promise<Response> {
  const controller = new AbortController();
  const response = await fetch(`${w.baseUrl}/api/events`, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    signal: controller.signal,
  });
  const body = response.status === 200 ? '' : await response.text();
  controller.abort();
  return { statusCode: response.status, body };
}

let phones = 0;
/** A number no other account in the world uses. */
export const uniquePhone = () => `+9197000${String(10_000 + ++phones).padStart(5, '0')}`;

/** A bystander whose number is verified: it can sign in by code. */
export async function phoneHolder(w: World): Promise<Fixture> {
  const body = registrationFor('individual');
  const phone = uniquePhone();
  const user = await insertUser(w.app.database.db, {
    email: body.email,
    passwordHash: w.passwordHash,
    role: 'individual',
    name: body.name,
    phone,
    phoneVerifiedAt: new Date(),
    address: body.address,
  });
  return { userId: user!.id, email: body.email, phone };
}

/** The code texted to `phone` after `ask` ran, read off the loopback SMSC. */
export async function textedCode(w: World, phone: string, ask: () => Promise<void>) {
  const seen = w.smsc.messages.length;
  await ask();
  const sms = await w.smsc.waitForMessage(
    (m) => m.to === phone && w.smsc.messages.indexOf(m) >= seen,
  );
  return /\b(\d{6})\b/.exec(sms.text)![1]!;
}
