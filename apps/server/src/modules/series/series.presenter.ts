import type { Series } from '@annasetu/domain';
import type { SeriesRow } from '../../db/schema/index.js';
import { nextOccurrences } from './series.schedule.js';

const UPCOMING = 5;

/** The donor's view of a series: its food, its schedule and the next occurrences. */
export function presentSeries(
  row: SeriesRow,
  summary: { postedCount: number; lastPostedAt: Date | null; skipped: Set<number> },
  now: Date,
): Series {
  const t = row.template;
  const upcoming =
    row.status === 'ended'
      ? []
      : nextOccurrences(row, now, UPCOMING).map((at) => ({
          at: at.toISOString(),
          skipped: summary.skipped.has(at.getTime()),
        }));
  return {
    id: row.id,
    status: row.status,
    template: {
      cuisine: t.cuisine,
      foodType: t.foodType,
      vegType: t.vegType,
      quantity: t.quantity,
      unit: t.unit,
      expiryHours: t.expiryHours,
      notes: t.notes ?? null,
      pickupAddress: t.pickupAddress ?? '',
      pickupCoordinates: t.pickupCoordinates!,
      holding: t.holding ?? null,
      allergens: t.allergens ?? [],
    },
    schedule: {
      frequency: row.frequency,
      weekdays: row.weekdays,
      rrule: row.rrule,
      timeOfDay: row.timeOfDay,
      timeZone: row.timeZone,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
    },
    upcoming,
    needsConfirmation: row.needsConfirmation,
    postedCount: summary.postedCount,
    lastPostedAt: summary.lastPostedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
