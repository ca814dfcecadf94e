import { RECEIPT_SHORTFALL_RATIO, WHOLE_NUMBER_UNITS } from '../constants/impact.js';

/** A quantity counted in meals or packs is a whole number; kg and litres may have decimals. */
export function fitsUnit(quantity: number, unit: string): boolean {
  return !(WHOLE_NUMBER_UNITS as readonly string[]).includes(unit) || Number.isInteger(quantity);
}

/** The receipt is more than a fifth below the pickup (flagged to admins, decision 0064). */
export function isReceiptShortfall(picked: number | null, received: number | null): boolean {
  if (picked === null || received === null || picked <= 0) return false;
  return received < picked * RECEIPT_SHORTFALL_RATIO;
}

/** The quantity a donation's impact counts: the receiver's, else the volunteer's, else posted. */
export function measuredQuantity(
  posted: number,
  picked: number | null,
  received: number | null,
): number {
  return received ?? picked ?? posted;
}
