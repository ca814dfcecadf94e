import { randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { isDonorRole, isReceiverRole, isVolunteerRole } from '@annasetu/domain';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { nextOccurrences } from '../series/series.schedule.js';
import {
  deleteFeedToken,
  findFeedToken,
  findUserByFeedToken,
  listDonorSchedule,
  listIncomingDeliveries,
  listVolunteerPickups,
  replaceFeedToken,
} from './calendar.queries.js';

const MS_PER_HOUR = 3_600_000;
/** How many coming occurrences of each recurring donation the feed lists. */
const SERIES_AHEAD = 14;

/** The feed's address as a calendar app subscribes to it (`webcal://`), and over HTTPS. */
export function feedUrls(baseUrl: string, token: string) {
  const https = `${baseUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
  return { url: https, webcal: https.replace(/^https?:/, 'webcal:') };
}

export async function getFeed(database: Database, user: UserRow, baseUrl: string) {
  const token = await findFeedToken(database.db, user.id);
  return token ? feedUrls(baseUrl, token) : null;
}

/** Makes a new secret address; an older one stops working at once. */
export async function resetFeed(database: Database, user: UserRow, baseUrl: string) {
  const token = randomBytes(24).toString('base64url');
  await replaceFeedToken(database.db, user.id, token);
  return feedUrls(baseUrl, token);
}

export async function revokeFeed(database: Database, user: UserRow): Promise<void> {
  await deleteFeedToken(database.db, user.id);
}

/**
 * The iCalendar text of a feed: a volunteer's pickups, a receiver's incoming deliveries, a
 * donor's open donations and recurring donations. Each event holds what the relation already
 * shows on screen (food, pickup address, donor or organisation name), never phones or emails.
 */
export async function renderFeed(
  database: Database,
  token: string,
  baseUrl: string,
  now = new Date(),
): Promise<string> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw new AppError('NOT_FOUND');
  const user = await findUserByFeedToken(database.db, token);
  if (!user) throw new AppError('NOT_FOUND');
  const base = baseUrl.replace(/\/$/, '');
  const calendar = ical({
    name: 'AnnaSetu',
    prodId: { company: 'AnnaSetu', product: 'AnnaSetu', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 15 * 60,
  });

  if (isVolunteerRole(user.role)) {
    for (const { request, donation } of await listVolunteerPickups(database.db, user.id)) {
      const collected = request.status === 'collected';
      calendar.createEvent({
        id: `pickup-${request.id}@annasetu`,
        start: donation.createdAt,
        end: donation.expiryTime,
        summary: `${collected ? 'Deliver' : 'Pick up'}: ${donation.foodType}`,
        description: `${donation.quantity} ${donation.unit} from ${donation.donorName}. Collect before the food expires.`,
        location: donation.pickupAddress,
        url: `${base}/requests?focus=${request.id}`,
      });
    }
  }
  if (isReceiverRole(user.role) || user.role === 'individual') {
    for (const { request, donation } of await listIncomingDeliveries(database.db, user.id)) {
      calendar.createEvent({
        id: `incoming-${request.id}@annasetu`,
        start: donation.createdAt,
        end: donation.expiryTime,
        summary: `Incoming: ${donation.foodType}`,
        description: `${donation.quantity} ${donation.unit} from ${donation.donorName}.`,
        location: donation.pickupAddress,
        url: `${base}/requests?focus=${request.id}`,
      });
    }
  }
  if (isDonorRole(user.role)) {
    const { open, series } = await listDonorSchedule(database.db, user.id, now);
    for (const donation of open) {
      calendar.createEvent({
        id: `donation-${donation.id}@annasetu`,
        start: donation.createdAt,
        end: donation.expiryTime,
        summary: `Waiting for pickup: ${donation.foodType}`,
        location: donation.pickupAddress,
        url: `${base}/donations?focus=${donation.id}`,
      });
    }
    for (const s of series) {
      for (const at of nextOccurrences(s, now, SERIES_AHEAD)) {
        calendar.createEvent({
          id: `series-${s.id}-${at.getTime()}@annasetu`,
          start: at,
          end: new Date(at.getTime() + s.template.expiryHours * MS_PER_HOUR),
          summary: `Recurring donation: ${s.template.foodType}`,
          location: s.template.pickupAddress ?? null,
          url: `${base}/donations`,
        });
      }
    }
  }
  return calendar.toString();
}
