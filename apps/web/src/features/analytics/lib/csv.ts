import type { Donation, FoodRequest, Unit } from '@annasetu/domain';

/** What one line of the impact export says, before translation. */
export type ExportKind = 'donation' | 'delivered' | 'received' | 'requested';

export interface ExportRecord {
  date: string;
  kind: ExportKind;
  food: string;
  quantity: number;
  /** What was weighed or counted at pickup or on arrival; null while only the estimate exists. */
  counted: number | null;
  unit: Unit;
  status: string;
  meals: number;
  kg: number;
  co2Kg: number;
  counterpart: string;
}

/** kg of food in a quantity: only the kg unit counts as weight (product.md section 6). */
function kgOf(quantity: number, unit: Unit): number {
  return unit === 'kg' ? quantity : 0;
}

function mealsOf(quantity: number, unit: Unit): number {
  return unit === 'meals' ? quantity : 0;
}

/**
 * The user's own donations and the requests they carried, received or made, newest first, each
 * with the figures it adds to their impact. Meals and kg count only what was delivered in good
 * condition (completed donations, fulfilled requests with CO2 credited); a request of someone
 * else's donation that the user only watches is left out.
 */
export function exportRecords(
  donations: readonly Donation[],
  requests: readonly FoodRequest[],
  userId: string,
): ExportRecord[] {
  const rows: ExportRecord[] = [];
  for (const d of donations) {
    if (d.donorId !== userId) continue;
    const counts = d.status === 'completed';
    // The impact counts what changed hands once it was measured (decision 0064).
    const counted = d.measuredQuantity ?? null;
    rows.push({
      date: d.createdAt,
      kind: 'donation',
      food: d.foodType,
      quantity: d.quantity,
      counted,
      unit: d.unit,
      status: d.status,
      meals: counts ? mealsOf(counted ?? d.quantity, d.unit) : 0,
      kg: counts ? kgOf(counted ?? d.quantity, d.unit) : 0,
      co2Kg: d.co2Saved,
      counterpart: d.volunteerName ?? '',
    });
  }
  for (const r of requests) {
    let kind: ExportKind | null = null;
    if (r.volunteerId === userId) kind = 'delivered';
    else if (r.destinationUserId === userId) kind = 'received';
    else if (r.requesterId === userId) kind = 'requested';
    if (!kind) continue;
    const counts = r.status === 'fulfilled' && r.co2Saved > 0;
    const counted = r.receivedQuantity ?? r.pickedQuantity ?? null;
    rows.push({
      date: r.createdAt,
      kind,
      food: r.foodType,
      quantity: r.quantity,
      counted,
      unit: r.unit,
      status: r.status,
      meals: counts ? mealsOf(counted ?? r.quantity, r.unit) : 0,
      kg: counts ? kgOf(counted ?? r.quantity, r.unit) : 0,
      co2Kg: r.status === 'fulfilled' || r.status === 'collected' ? r.co2Saved : 0,
      counterpart: kind === 'delivered' ? (r.destinationName ?? '') : r.donorName,
    });
  }
  return rows.sort((a, b) => b.date.localeCompare(a.date));
}

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts defused. */
export function csvField(value: string | number): string {
  let text = typeof value === 'number' ? String(value) : value;
  // A cell starting with = + - @ runs as a formula in spreadsheets; a leading quote stops that.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document (RFC 4180, CRLF) with a byte-order mark, so spreadsheet programs read the
 * Indic headers as UTF-8.
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Rounds a measured figure to one decimal for the export (numbers stay machine-readable). */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
