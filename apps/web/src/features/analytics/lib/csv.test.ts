import { describe, expect, it } from 'vitest';
import type { Donation, FoodRequest } from '@annasetu/domain';
import { csvField, exportRecords, round1, toCsv } from './csv';

const donation = (overrides: Partial<Donation>): Donation =>
  ({
    id: 'd1',
    donorId: 'me',
    foodType: 'Dal rice',
    quantity: 20,
    unit: 'meals',
    status: 'completed',
    createdAt: '2026-11-01T10:00:00.000Z',
    co2Saved: 26,
    volunteerName: 'Vee',
    ...overrides,
  }) as Donation;

const request = (overrides: Partial<FoodRequest>): FoodRequest =>
  ({
    id: 'r1',
    requesterId: 'fb',
    donorName: 'Hotel',
    destinationUserId: null,
    destinationName: null,
    volunteerId: null,
    foodType: 'Bread',
    quantity: 4,
    unit: 'kg',
    status: 'fulfilled',
    createdAt: '2026-11-02T10:00:00.000Z',
    co2Saved: 10,
    ...overrides,
  }) as FoodRequest;

describe('exportRecords', () => {
  it("lists a donor's donations with meals, kg and CO2 of completed ones", () => {
    const rows = exportRecords(
      [donation({}), donation({ id: 'd2', status: 'pending', co2Saved: 0, unit: 'kg' })],
      [],
      'me',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ kind: 'donation', meals: 20, kg: 0, co2Kg: 26 });
    expect(rows[1]).toMatchObject({ meals: 0, kg: 0, co2Kg: 0 });
  });

  it('counts what was weighed or counted at handover, and says so beside the estimate', () => {
    const rows = exportRecords(
      [donation({ measuredQuantity: 18, co2Saved: 23.4 }), donation({ id: 'd2' })],
      [
        request({ id: 'a', volunteerId: 'me', pickedQuantity: 3.5, receivedQuantity: 3 }),
        request({ id: 'b', volunteerId: 'me', pickedQuantity: 3.5, receivedQuantity: null }),
      ],
      'me',
    );
    const [first, second] = rows.filter((r) => r.kind === 'donation');
    // Posted 20, counted 18: meals are the 18 the CO2 was worked out from.
    expect(first).toMatchObject({ quantity: 20, counted: 18, meals: 18, co2Kg: 23.4 });
    expect(second).toMatchObject({ quantity: 20, counted: null, meals: 20 });
    const carried = rows.filter((r) => r.kind === 'delivered');
    expect(carried.map((r) => [r.counted, r.kg])).toEqual([
      [3, 3],
      [3.5, 3.5],
    ]);
  });

  it('names the side of each request: carried, received or requested', () => {
    const rows = exportRecords(
      [],
      [
        request({ id: 'a', volunteerId: 'me', destinationName: 'Food bank' }),
        request({ id: 'b', destinationUserId: 'me', createdAt: '2026-11-03T00:00:00.000Z' }),
        request({ id: 'c', requesterId: 'me', status: 'pending', co2Saved: 0 }),
        request({ id: 'd' }),
      ],
      'me',
    );
    expect(rows.map((r) => r.kind)).toEqual(['received', 'delivered', 'requested']);
    expect(rows[1]).toMatchObject({ kg: 4, co2Kg: 10, counterpart: 'Food bank' });
    expect(rows[2]).toMatchObject({ kg: 0, co2Kg: 0, counterpart: 'Hotel' });
  });

  it('skips donations of other donors', () => {
    expect(exportRecords([donation({ donorId: 'x' })], [], 'me')).toEqual([]);
  });
});

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('defuses spreadsheet formulas in text, not in numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+91 98765')).toBe("'+91 98765");
    expect(csvField(-3)).toBe('-3');
  });

  it('starts with a byte-order mark and ends rows with CRLF', () => {
    const csv = toCsv([
      ['तारीख', 'खाना'],
      ['2026-11-01', 'दाल'],
    ]);
    expect(csv).toBe('\uFEFFतारीख,खाना\r\n2026-11-01,दाल\r\n');
  });

  it('rounds figures to one decimal', () => {
    expect(round1(2.349)).toBe(2.3);
    expect(round1(26)).toBe(26);
  });
});
