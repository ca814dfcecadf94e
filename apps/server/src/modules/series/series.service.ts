import {
  DEFAULT_COORDINATES,
  foodSafeUntil,
  SERIES_UNCLAIMED_LIMIT,
  type CreateSeriesData,
  type SeriesSchedule,
  type UpdateSeriesData,
} from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { SeriesRow, UserRow } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { announceFeedChange } from '../../lib/live.js';
import { insertDonation } from '../donations/donations.queries.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { findUserById, incrementUserCounters } from '../users/users.queries.js';
import {
  claimDueSeries,
  findSeries,
  insertSeries,
  lastPostedUnclaimed,
  listDonorSeries,
  occurrenceSummaries,
  recordOccurrence,
  setOccurrenceDonation,
  updateSeriesRow,
} from './series.queries.js';
import {
  isOccurrence,
  localParts,
  nextOccurrence,
  nextOccurrences,
  ruleTextFor,
  todayIn,
  validateSchedule,
  type ScheduleFacts,
} from './series.schedule.js';
import { can, ownerScope, type SeriesAction } from './series.policy.js';
import { presentSeries } from './series.presenter.js';

const MS_PER_HOUR = 3_600_000;

/** The schedule columns of a validated schedule input (the rule is checked by expanding it). */
function scheduleColumns(schedule: SeriesSchedule, now: Date) {
  const facts: ScheduleFacts = {
    rrule: ruleTextFor(schedule),
    timeOfDay: schedule.timeOfDay,
    timeZone: schedule.timeZone,
    startsOn: schedule.startsOn ?? todayIn(schedule.timeZone, now),
    endsOn: schedule.endsOn ?? null,
  };
  validateSchedule(facts, now);
  return {
    ...facts,
    frequency: schedule.frequency,
    weekdays: schedule.frequency === 'weekdays' ? schedule.weekdays! : [],
  };
}

/** The template as stored: the pickup point and address default to the donor's. */
function storedTemplate(donor: UserRow, template: CreateSeriesData['template']) {
  const pickup =
    template.pickupCoordinates ??
    (donor.lat !== null && donor.lng !== null ? { lat: donor.lat, lng: donor.lng } : null) ??
    DEFAULT_COORDINATES;
  return {
    ...template,
    pickupAddress: template.pickupAddress ?? donor.address,
    pickupCoordinates: pickup,
  };
}

/** Saves a recurring donation; its first occurrence is the rule's first one after now. */
export async function createSeries(
  database: Database,
  donor: UserRow,
  input: CreateSeriesData,
  now = new Date(),
) {
  const schedule = scheduleColumns(input.schedule, now);
  return database.db.transaction(async (tx) => {
    const row = await insertSeries(tx, {
      donorId: donor.id,
      template: storedTemplate(donor, input.template),
      ...schedule,
      nextOccurrenceAt: nextOccurrence(schedule, now),
    });
    await appendEvent(tx, {
      entityType: 'series',
      entityId: row.id,
      action: 'series.created',
      actorId: donor.id,
      toStatus: 'active',
      data: { rrule: row.rrule, timeOfDay: row.timeOfDay, timeZone: row.timeZone },
    });
    return present(tx, row, now);
  });
}

async function present(db: DbOrTx, row: SeriesRow, now: Date) {
  const summaries = await occurrenceSummaries(db, [row.id], now);
  return presentSeries(row, summaries.get(row.id)!, now);
}

/** The donor's recurring donations with their next occurrences. */
export async function listSeries(database: Database, donor: UserRow, now = new Date()) {
  const rows = await listDonorSeries(database.db, ownerScope(donor));
  const summaries = await occurrenceSummaries(
    database.db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((row) => presentSeries(row, summaries.get(row.id)!, now));
}

/** Locks the series and asks the policy; another donor's series is not found. */
async function lockOwn(
  tx: DbOrTx,
  donor: UserRow,
  id: string,
  action: SeriesAction,
): Promise<SeriesRow> {
  const row = await findSeries(tx, id, { forUpdate: true });
  if (!row || !can(donor, action, row)) throw new AppError('NOT_FOUND');
  if (row.status === 'ended') throw new AppError('SERIES_ENDED');
  return row;
}

/**
 * Changes the food, the schedule, or pauses/resumes. A new schedule or a resume starts from the
 * next occurrence after now: occurrences passed while paused are not posted late.
 */
export async function updateSeries(
  database: Database,
  donor: UserRow,
  id: string,
  input: UpdateSeriesData,
  now = new Date(),
) {
  const schedule = input.schedule ? scheduleColumns(input.schedule, now) : undefined;
  return database.db.transaction(async (tx) => {
    const row = await lockOwn(tx, donor, id, 'update');
    const facts = schedule ?? row;
    const status = input.status ?? row.status;
    const resumed = row.status === 'paused' && status === 'active';
    const updated = await updateSeriesRow(tx, row.id, {
      ...(input.template ? { template: storedTemplate(donor, input.template) } : {}),
      ...(schedule ?? {}),
      status,
      ...(schedule || resumed ? { nextOccurrenceAt: nextOccurrence(facts, now) } : {}),
    });
    await appendEvent(tx, {
      entityType: 'series',
      entityId: row.id,
      action:
        input.status && input.status !== row.status
          ? `series.${status === 'paused' ? 'paused' : 'resumed'}`
          : 'series.updated',
      actorId: donor.id,
      fromStatus: row.status,
      toStatus: status,
      data: { template: Boolean(input.template), schedule: Boolean(schedule) },
    });
    return present(tx, updated, now);
  });
}

/** Skips one occurrence (the given one, or the next one not yet skipped). */
export async function skipOccurrence(
  database: Database,
  donor: UserRow,
  id: string,
  occurrenceAt: string | undefined,
  now = new Date(),
) {
  return database.db.transaction(async (tx) => {
    const row = await lockOwn(tx, donor, id, 'skip');
    let at: Date | undefined;
    if (occurrenceAt) {
      at = new Date(occurrenceAt);
      if (at.getTime() <= now.getTime() || !isOccurrence(row, at)) {
        throw invalidField('occurrenceAt', 'SERIES_OCCURRENCE_INVALID');
      }
    } else {
      const { skipped } = (await occurrenceSummaries(tx, [row.id], now)).get(row.id)!;
      at = nextOccurrences(row, now, skipped.size + 1).find((d) => !skipped.has(d.getTime()));
      if (!at) throw invalidField('occurrenceAt', 'SERIES_OCCURRENCE_INVALID');
    }
    const recorded = await recordOccurrence(tx, {
      seriesId: row.id,
      occurrenceAt: at,
      outcome: 'skipped',
    });
    if (recorded) {
      await appendEvent(tx, {
        entityType: 'series',
        entityId: row.id,
        action: 'series.occurrence_skipped',
        actorId: donor.id,
        data: { occurrenceAt: at.toISOString() },
      });
    }
    return present(tx, row, now);
  });
}

/** The donor answers "keep it": the unclaimed streak starts again from now. */
export async function keepSeries(database: Database, donor: UserRow, id: string, now = new Date()) {
  return database.db.transaction(async (tx) => {
    const row = await lockOwn(tx, donor, id, 'keep');
    const updated = await updateSeriesRow(tx, row.id, { needsConfirmation: false, keptAt: now });
    await appendEvent(tx, {
      entityType: 'series',
      entityId: row.id,
      action: 'series.kept',
      actorId: donor.id,
    });
    return present(tx, updated, now);
  });
}

/** Ends a series for good; donations it already posted stay as they are. */
export async function endSeries(database: Database, donor: UserRow, id: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const row = await lockOwn(tx, donor, id, 'end');
    await updateSeriesRow(tx, row.id, { status: 'ended', nextOccurrenceAt: null });
    await appendEvent(tx, {
      entityType: 'series',
      entityId: row.id,
      action: 'series.ended',
      actorId: donor.id,
      fromStatus: row.status,
      toStatus: 'ended',
    });
  });
}

/**
 * Posts the due occurrences of up to `limit` series at `now` in one transaction; returns how
 * many series it handled. An occurrence whose food would already have expired (the server was
 * down) is passed over. Each post first records the occurrence under the unique (series,
 * instant) constraint, so a skipped occurrence or one another instance posted is never posted.
 */
export async function postDueOccurrences(
  database: Database,
  now: Date,
  limit: number,
): Promise<{ series: number; posted: number }> {
  return database.db.transaction(async (tx) => {
    const due = await claimDueSeries(tx, now, limit);
    let posted = 0;
    for (const series of due) {
      let at: Date | null = series.nextOccurrenceAt;
      while (at && at.getTime() <= now.getTime()) {
        const expiresAt = at.getTime() + series.template.expiryHours * MS_PER_HOUR;
        if (expiresAt > now.getTime() && (await postOccurrence(tx, series, at, now))) posted += 1;
        at = nextOccurrence(series, at);
      }
      await updateSeriesRow(tx, series.id, {
        nextOccurrenceAt: at,
        ...(at ? {} : { status: 'ended' as const }),
      });
    }
    return { series: due.length, posted };
  });
}

async function postOccurrence(
  tx: DbOrTx,
  series: SeriesRow,
  at: Date,
  now: Date,
): Promise<boolean> {
  const donor = await findUserById(tx, series.donorId);
  if (!donor || donor.suspendedAt || donor.deletedAt) return false;
  const occurrenceId = await recordOccurrence(tx, {
    seriesId: series.id,
    occurrenceAt: at,
    outcome: 'posted',
  });
  if (!occurrenceId) return false;

  // Before posting again: did the last occurrences all go unclaimed? Then ask the donor.
  const notices: Parameters<typeof insertNotifications>[1] = [];
  if (!series.needsConfirmation) {
    const recent = await lastPostedUnclaimed(tx, {
      seriesId: series.id,
      since: series.keptAt,
      count: SERIES_UNCLAIMED_LIMIT,
      now,
    });
    // The occurrence just recorded has no donation yet, so these are the ones before it.
    if (recent.length === SERIES_UNCLAIMED_LIMIT && recent.every(Boolean)) {
      await updateSeriesRow(tx, series.id, { needsConfirmation: true });
      series.needsConfirmation = true;
      await appendEvent(tx, {
        entityType: 'series',
        entityId: series.id,
        action: 'series.unclaimed_streak',
        actorId: null,
        data: { unclaimed: SERIES_UNCLAIMED_LIMIT },
      });
      notices.push({
        userId: donor.id,
        type: 'series_unclaimed',
        data: { seriesId: series.id, foodType: series.template.foodType },
      });
    }
  }

  const t = series.template;
  const local = localParts(at, series.timeZone);
  const donation = await insertDonation(tx, {
    donorId: donor.id,
    donorName: donor.organizationName ?? donor.name,
    donorEmail: donor.email,
    donorPhone: donor.phone,
    donorAddress: donor.address,
    donorLat: donor.lat,
    donorLng: donor.lng,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    expiryTime: new Date(at.getTime() + t.expiryHours * MS_PER_HOUR),
    foodType: t.foodType,
    cuisine: t.cuisine,
    vegType: t.vegType,
    quantity: t.quantity,
    unit: t.unit,
    notes: t.notes ?? null,
    prepDate: local.date,
    prepTime: local.time,
    pickupAddress: t.pickupAddress ?? donor.address,
    pickupLat: t.pickupCoordinates!.lat,
    pickupLng: t.pickupCoordinates!.lng,
    deliveryMethod: 'volunteer',
    expiryHours: t.expiryHours,
    seriesId: series.id,
    // Cooked food's safe-by time counts from this posting, the preparation time it states.
    holding: t.holding ?? null,
    allergens: t.allergens ?? [],
    foodSafeUntil: t.holding ? foodSafeUntil({ holding: t.holding, preparedAt: at }) : null,
  });
  await setOccurrenceDonation(tx, occurrenceId, donation.id);
  await incrementUserCounters(tx, donor.id, { totalDonations: 1 });
  await appendEvent(tx, {
    entityType: 'donation',
    entityId: donation.id,
    action: 'donation.created',
    actorId: null,
    toStatus: 'pending',
    data: { seriesId: series.id, occurrenceAt: at.toISOString() },
  });
  // The donor's own open pages too: their donations list and next postings move on.
  await announceFeedChange(tx, donation.id, [donor.id]);
  notices.push({
    userId: donor.id,
    type: 'series_posted',
    data: { donationId: donation.id, seriesId: series.id, foodType: t.foodType },
  });
  await insertNotifications(tx, notices);
  return true;
}
