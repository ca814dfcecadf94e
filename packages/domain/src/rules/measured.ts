import {
  MAX_MEASURED_FACTOR,
  RECEIPT_SHORTFALL_RATIO,
  WHOLE_NUMBER_UNITS,
} from '../constants/impact.js';

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

/**
 * What is wrong with an amount found at pickup or on receipt (decision 0064), or null: whole
 * for meals and packs, and at most twice what it is compared with (the posted quantity, or the
 * amount picked up for a receipt). One slip of the thumb must not add a hundred thousand meals
 * to everyone's impact.
 */
export function measuredQuantityIssue(
  quantity: number,
  unit: string,
  comparedWith: number,
): 'QUANTITY_NOT_WHOLE' | 'QUANTITY_UNLIKELY' | null {
  if (!fitsUnit(quantity, unit)) return 'QUANTITY_NOT_WHOLE';
  if (quantity > comparedWith * MAX_MEASURED_FACTOR) return 'QUANTITY_UNLIKELY';
  return null;
}

/** What a set of delivered donations' meals and kg rest on: every one measured, some, or none. */
export interface ImpactBasisSummary {
  /** The catalogue key of the line that says so (`impact.basis.<key>`). */
  key: 'all' | 'some' | 'none';
  measured: number;
  counted: number;
  estimated: number;
}

/**
 * Of `counted` delivered donations, `measured` were weighed or counted at pickup or on arrival
 * (decision 0064); null when none was delivered, as there is nothing to qualify.
 */
export function summariseImpactBasis(counted: number, measured: number): ImpactBasisSummary | null {
  if (counted <= 0) return null;
  const key = measured >= counted ? 'all' : measured <= 0 ? 'none' : 'some';
  return { key, measured, counted, estimated: counted - measured };
}
