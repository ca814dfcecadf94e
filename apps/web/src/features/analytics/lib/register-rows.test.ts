import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { UserProfile } from '@annasetu/domain';
import type { RegisterRecord } from '../api/get-register';
import { buildRegisterData } from './register-rows';

// Returns the key and its values, so the test sees which words and which values were chosen.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;
const number = (v: number) => String(v);
// The date formatter as the app calls it: shows the instant and the clock it was asked for.
const date = (value: string | Date, options?: Intl.DateTimeFormatOptions) =>
  `${new Date(value).toISOString().slice(0, 16)}${options?.timeZone ? ` ${options.timeZone}` : ''}`;

const record: RegisterRecord = {
  donationId: '00000000-0000-4000-8000-0000000000d1',
  requestId: '00000000-0000-4000-8000-0000000000e1',
  status: 'fulfilled',
  isSelfDelivery: false,
  donorName: 'Hotel Saravana',
  donorFssai: { number: '10012345678901', verified: true },
  foodType: 'Veg biryani',
  cuisine: 'South Indian',
  quantity: 20,
  unit: 'meals',
  vegType: 'veg',
  allergens: ['milk'],
  prepDate: '2026-11-05',
  prepTime: '12:30',
  holding: 'hot',
  useBy: null,
  safeUntil: '2026-11-05T11:00:00.000Z',
  pickedUpAt: '2026-11-05T07:30:00.000Z',
  holdingAtPickup: 'hot',
  containerClosed: true,
  pickedQuantity: 20,
  volunteerName: 'Ravi',
  quality: 'good',
  destinationType: 'foodbank',
  destinationName: 'Asha Food Bank',
  destinationFssai: null,
  receivedAt: '2026-11-05T18:40:00.000Z',
  arrivalCondition: 'doubtful',
  arrivalNote: 'Lid dented',
  arrivalCheckedAt: '2026-11-05T18:40:00.000Z',
  receivedQuantity: 18,
};

const user = {
  name: 'Asha',
  organizationName: 'Asha Food Bank',
  fssaiNumber: null,
  fssaiVerifiedAt: null,
} as Partial<UserProfile> as UserProfile;

const build = (records: RegisterRecord[]) =>
  buildRegisterData({
    t,
    language: 'hi',
    number,
    date,
    user,
    period: { from: '2026-11-01', to: '2026-11-30' },
    records,
    now: new Date('2026-12-01T04:00:00Z'),
  });

describe('buildRegisterData', () => {
  it('writes one row per donation in six columns, times on India clock', () => {
    const data = build([record]);
    expect(data.fileName).toBe('annasetu-register-2026-11-01-2026-11-30.pdf');
    expect(data.headers).toHaveLength(6);
    const [received, donor, food, safety, pickup, arrival] = data.rows[0]!;
    // 18:40 UTC is 00:10 the next day in India, formatted as a UTC wall clock.
    expect(received).toEqual(['2026-11-06T00:10 UTC']);
    expect(donor).toEqual(['Hotel Saravana', '10012345678901 · foodSafety.fssai.verified']);
    expect(food![0]).toBe('Veg biryani');
    expect(food![1]).toBe('20 donations.units.meals · donations.vegTypes.veg');
    expect(food![2]).toBe('foodSafety.card.allergens: foodSafety.allergen.milk');
    expect(safety).toEqual([
      'handover.fields.prepared: 2026-11-05T12:30 UTC',
      'handover.fields.holdingStated: foodSafety.holding.hot',
      'foodSafety.card.safeUntil: 2026-11-05T16:30 UTC',
    ]);
    expect(pickup).toEqual([
      'Ravi',
      '2026-11-05T13:00 UTC',
      'handover.fields.pickedQuantity: 20 donations.units.meals',
      'handover.fields.holdingAtPickup: foodSafety.holding.hot',
      'handover.fields.containerClosed: handover.values.yes',
    ]);
    expect(arrival).toEqual([
      'handover.arrival.doubtful',
      'Lid dented',
      'handover.fields.receivedQuantity: 18 donations.units.meals',
      'handover.fields.quality: requests.quality.good',
    ]);
    expect(data.lines[1]).toBe('foodSafety.fssai.label: foodSafety.fssai.missing');
    // Made at 04:00 UTC: 09:30 in India.
    expect(data.lines[3]).toBe('report.generated {"date":"2026-12-01T09:30 UTC"}');
  });

  it('says what was not recorded, and names a self delivery', () => {
    const data = build([
      {
        ...record,
        isSelfDelivery: true,
        volunteerName: null,
        pickedUpAt: null,
        holdingAtPickup: null,
        containerClosed: null,
        arrivalCondition: null,
        arrivalNote: null,
        donorFssai: undefined,
      },
    ]);
    const [, donor, , , pickup, arrival] = data.rows[0]!;
    expect(donor![1]).toBe('handover.values.exempt');
    expect(pickup).toEqual(['handover.values.selfDelivery']);
    expect(arrival![0]).toBe('handover.values.notRecorded');
  });
});
