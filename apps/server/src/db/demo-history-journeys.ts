// The three journeys of a donation in the demo history (decision 0033): it expires, its donor
// takes it to a food bank, or a volunteer grabs it, checks it at pickup and delivers it. Each
// writes the rows, events, notifications and tokens the workflow would have written.
import {
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  VOLUNTEER_TOKENS_PER_COMPLETION,
  impactOfCollection,
  type RegistrableRole,
  type Unit,
} from '@annasetu/domain';
import { MINUTE, type HistoryAccount, type Random } from './demo-history-data.js';
import type { HistoryRows } from './demo-history-rows.js';
import type { NewDonationRow } from './schema/index.js';

/** One donation of the history, posted, and what its journey draws on. */
export interface Journey {
  rows: HistoryRows;
  random: Random;
  /** A demo account of the role `demoShare` of the time, else any account of it. */
  choose: (role: RegistrableRole, demoShare: number) => HistoryAccount;
  donor: HistoryAccount;
  base: NewDonationRow;
  donationId: string;
  foodType: string;
  quantity: number;
  unit: Unit;
  createdAt: Date;
  data: { donationId: string; foodType: string };
}

/** Nobody came in time. */
export function expire(journey: Journey): void {
  const { donationRows, log, notify } = journey.rows;
  const { base, donationId, donor, data } = journey;
  const at = base.expiryTime as Date;
  donationRows.push({ ...base, status: 'expired', isExpired: true, updatedAt: at });
  log('donation', donationId, 'donation.expired', null, 'pending', 'expired', at);
  notify(donor, 'donation_expired', at, data);
}

/** The donor takes it to a food bank, which checks it on arrival. */
export function selfDeliver(journey: Journey, requestId: string): void {
  const { donationRows, requestRows, addTokens, log, notify } = journey.rows;
  const { random, choose, base, donationId, donor, foodType, quantity, unit, createdAt, data } =
    journey;
  const bank = choose('foodbank', 0.4);
  const receivedAt = new Date(createdAt.getTime() + random.int(40, 150) * MINUTE);
  const impact = impactOfCollection(quantity, unit, 'good');
  donationRows.push({
    ...base,
    deliveryMethod: 'self',
    status: 'completed',
    completedAt: receivedAt,
    updatedAt: receivedAt,
    totalRequests: 1,
    acceptedRequests: 1,
    ...impact,
  });
  requestRows.push({
    id: requestId,
    donationId,
    requesterId: bank.id,
    requesterName: bank.display,
    requesterEmail: bank.email,
    requesterPhone: bank.phone,
    requesterAddress: bank.address,
    requesterLat: bank.lat,
    requesterLng: bank.lng,
    status: 'fulfilled',
    createdAt,
    updatedAt: receivedAt,
    foodType,
    quantity,
    unit,
    donorId: donor.id,
    donorName: donor.display,
    donorEmail: donor.email,
    donorAddress: donor.address,
    isSelfDelivery: true,
    destinationUserId: bank.id,
    destinationName: bank.display,
    destinationEmail: bank.email,
    destinationAddress: bank.address,
    destinationPhone: bank.phone,
    destinationType: 'foodbank',
    destinationAccepted: true,
    destinationNotified: true,
    quality: 'good',
    co2Saved: impact.co2Saved,
    fulfilledAt: receivedAt,
  });
  addTokens(donor.id, DONOR_TOKENS_PER_GOOD_COLLECTION);
  log(
    'request',
    requestId,
    'request.self_delivery_scheduled',
    donor.id,
    null,
    'accepted',
    createdAt,
  );
  log(
    'request',
    requestId,
    'request.receipt_confirmed',
    bank.id,
    'accepted',
    'fulfilled',
    receivedAt,
  );
  log(
    'donation',
    donationId,
    'donation.self_delivered_good',
    bank.id,
    'pending',
    'completed',
    receivedAt,
  );
  notify(bank, 'incoming_delivery', createdAt, { ...data, requestId });
  notify(donor, 'delivery_completed', receivedAt, { ...data, requestId });
}

/** A volunteer grabs it, checks it at pickup and takes it on (good food to a food bank). */
export function carryByVolunteer(journey: Journey, requestId: string, roll: number): void {
  const { donationRows, requestRows, collectionRows, addTokens, log, notify } = journey.rows;
  const { random, choose, base, donationId, donor, foodType, quantity, unit, createdAt, data } =
    journey;
  const quality = roll < 0.7 ? 'good' : 'bad';
  const volunteer = choose('volunteer', 0.35);
  const destination =
    quality === 'good'
      ? choose('foodbank', 0.4)
      : choose(random.next() < 0.5 ? 'nursery' : 'poultry', 0.6);
  const grabbedAt = new Date(createdAt.getTime() + random.int(8, 70) * MINUTE);
  const collectedAt = new Date(grabbedAt.getTime() + random.int(20, 55) * MINUTE);
  const deliveredAt = new Date(collectedAt.getTime() + random.int(20, 60) * MINUTE);
  const byDestination = random.next() < 0.3;
  const impact = impactOfCollection(quantity, unit, quality);
  const finalStatus = quality === 'good' ? 'completed' : 'rejected';
  donationRows.push({
    ...base,
    status: finalStatus,
    completedAt: collectedAt,
    updatedAt: collectedAt,
    volunteerId: volunteer.id,
    volunteerName: volunteer.display,
    totalRequests: 1,
    acceptedRequests: 1,
    ...impact,
  });
  requestRows.push({
    id: requestId,
    donationId,
    requesterId: volunteer.id,
    requesterName: volunteer.display,
    requesterEmail: volunteer.email,
    requesterPhone: volunteer.phone,
    requesterAddress: '',
    requesterLat: null,
    requesterLng: null,
    status: 'fulfilled',
    createdAt: grabbedAt,
    updatedAt: deliveredAt,
    foodType,
    quantity,
    unit,
    donorId: donor.id,
    donorName: donor.display,
    donorEmail: donor.email,
    donorAddress: donor.address,
    isVolunteerRequest: true,
    volunteerId: volunteer.id,
    volunteerName: volunteer.display,
    volunteerEmail: volunteer.email,
    destinationUserId: destination.id,
    destinationName: destination.display,
    destinationEmail: destination.email,
    destinationAddress: destination.address,
    destinationPhone: destination.phone,
    destinationType: destination.role as 'foodbank' | 'nursery' | 'poultry',
    destinationAccepted: true,
    destinationNotified: true,
    quality,
    co2Saved: impact.co2Saved,
    collectedAt,
    fulfilledAt: deliveredAt,
  });
  collectionRows.push({
    donationId,
    requestId,
    volunteerId: volunteer.id,
    volunteerName: volunteer.display,
    volunteerEmail: volunteer.email,
    quality,
    destinationType: destination.role as 'foodbank' | 'nursery' | 'poultry',
    destinationUserId: destination.id,
    status: 'delivered',
    co2Saved: impact.co2Saved,
    notes: quality === 'bad' ? 'Smelled sour at pickup; not fit for people.' : null,
    receivedAt: deliveredAt,
    completedAt: deliveredAt,
    createdAt: collectedAt,
    updatedAt: deliveredAt,
  });
  if (quality === 'good') addTokens(donor.id, DONOR_TOKENS_PER_GOOD_COLLECTION);
  addTokens(volunteer.id, VOLUNTEER_TOKENS_PER_COMPLETION);
  log(
    'request',
    requestId,
    'request.volunteer_accepted',
    volunteer.id,
    null,
    'accepted',
    grabbedAt,
  );
  log('donation', donationId, 'donation.grabbed', volunteer.id, 'pending', 'accepted', grabbedAt);
  log(
    'request',
    requestId,
    'request.collected',
    volunteer.id,
    'accepted',
    'collected',
    collectedAt,
  );
  log(
    'donation',
    donationId,
    `donation.collected_${quality}`,
    volunteer.id,
    'accepted',
    finalStatus,
    collectedAt,
  );
  log(
    'request',
    requestId,
    byDestination ? 'request.receipt_confirmed' : 'request.delivered',
    byDestination ? destination.id : volunteer.id,
    'collected',
    'fulfilled',
    deliveredAt,
  );
  const withRequest = { ...data, requestId, actorName: volunteer.display };
  notify(donor, 'donation_grabbed', grabbedAt, withRequest);
  notify(destination, 'incoming_delivery', collectedAt, withRequest);
  notify(donor, 'delivery_completed', deliveredAt, withRequest);
}
