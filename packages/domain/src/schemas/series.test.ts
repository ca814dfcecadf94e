import { describe, expect, it } from 'vitest';
import { availabilityInputSchema } from './availability.js';
import { seriesScheduleSchema } from './series.js';

describe('weekdays', () => {
  it('are kept in the week’s order whatever order they were ticked in', () => {
    const schedule = seriesScheduleSchema.parse({
      frequency: 'weekdays',
      weekdays: ['SU', 'TU', 'MO'],
      timeOfDay: '20:15',
    });
    expect(schedule.weekdays).toEqual(['MO', 'TU', 'SU']);
    const availability = availabilityInputSchema.parse({
      weekdays: ['FR', 'MO'],
      fromTime: '09:00',
      toTime: '18:00',
      radiusKm: 10,
    });
    expect(availability.weekdays).toEqual(['MO', 'FR']);
  });
});
