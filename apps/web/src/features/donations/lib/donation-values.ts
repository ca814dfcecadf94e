// The donation form's values and how they become the schema's input.
import {
  DEFAULT_COORDINATES,
  DEFAULT_EXPIRY_HOURS,
  DEFAULT_UNIT,
  SERIES_HOLDING_KINDS,
  type Allergen,
  type Coordinates,
  type CreateDonationInput,
  type DeliveryMethod,
  type DestinationType,
  type HoldingKind,
  type Unit,
  type UserProfile,
  type VegType,
} from '@annasetu/domain';

function pad(value: number) {
  return String(value).padStart(2, '0');
}

/** The device's date, YYYY-MM-DD (the date input's format). */
export function today(now = new Date()) {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The device's time, HH:MM. */
export function timeNow(now = new Date()) {
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** A number as typed (a decimal comma read as a point); empty is absent, junk is NaN. */
export function toNumber(raw: string): number | undefined {
  if (raw.trim() === '') return undefined;
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The form's values: numbers and dates as typed, the choices, the points picked. */
export interface DonationValues {
  foodType: string;
  cuisine: string;
  vegType: VegType | '';
  quantity: string;
  unit: Unit;
  expiryHours: string;
  prepDate: string;
  prepTime: string;
  deliveryMethod: DeliveryMethod;
  pickupAddress: string;
  pickupCoordinates: Coordinates;
  destinationType: DestinationType | '';
  destinationUserId: string;
  notes: string;
  /** How the food is kept; the use-by (datetime-local, the device's clock) for packaged food. */
  holding: HoldingKind | '';
  useBy: string;
  allergens: Allergen[];
}

/** The device's IANA time zone, when the runtime knows it. */
function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The use-by as the schema reads it: an instant, or the raw text when it is not a date. */
function instantOfUseBy(values: DonationValues): string | undefined {
  if (values.holding !== 'packaged') return undefined;
  if (values.useBy.trim() === '') return undefined;
  const at = new Date(values.useBy);
  return Number.isNaN(at.getTime()) ? values.useBy : at.toISOString();
}

/** The donation as the schema reads it: a destination only for self delivery. */
export function toInput(values: DonationValues): CreateDonationInput {
  return {
    cuisine: values.cuisine,
    foodType: values.foodType,
    vegType: (values.vegType || undefined) as VegType,
    quantity: toNumber(values.quantity) as number,
    unit: values.unit,
    expiryHours: toNumber(values.expiryHours) as number,
    prepDate: values.prepDate,
    prepTime: values.prepTime,
    deliveryMethod: values.deliveryMethod,
    notes: values.notes,
    pickupAddress: values.pickupAddress,
    pickupCoordinates: values.pickupCoordinates,
    holding: (values.holding || undefined) as HoldingKind,
    // The preparation time is read from this device's clock.
    timeZone: deviceTimeZone(),
    allergens: values.allergens,
    // Only packaged food sends its use-by: a date typed before choosing "hot" is not sent.
    ...(values.holding === 'packaged' ? { useBy: instantOfUseBy(values) } : {}),
    ...(values.deliveryMethod === 'self'
      ? {
          destinationType: (values.destinationType || undefined) as DestinationType,
          destinationUserId: values.destinationUserId || undefined,
        }
      : {}),
  };
}

/** A fresh donation: unit meals, 6 hours, made now, carried by a volunteer from the donor. */
export function freshValues(user: UserProfile): DonationValues {
  return {
    foodType: '',
    cuisine: user.cuisine ?? '',
    vegType: '',
    quantity: '',
    unit: DEFAULT_UNIT,
    expiryHours: String(DEFAULT_EXPIRY_HOURS),
    prepDate: today(),
    prepTime: timeNow(),
    deliveryMethod: 'volunteer',
    pickupAddress: user.address,
    pickupCoordinates: user.coordinates ?? DEFAULT_COORDINATES,
    destinationType: '',
    destinationUserId: '',
    notes: '',
    holding: '',
    useBy: '',
    allergens: [],
  };
}

/**
 * The one-off donation's own fields: a series posts for a volunteer, prepared when posted, and its
 * food is cooked food (packaged food's use-by date changes every time).
 */
export const ONE_OFF_FIELDS = new Set([
  'useBy',
  'prepDate',
  'prepTime',
  'deliveryMethod',
  'destinationType',
  'destinationUserId',
]);

/**
 * The food a repeat saves, or the holding problem: a series's food is cooked food, so
 * "packaged" (picked before repeating, and not offered while repeating) asks for a choice.
 */
export function seriesTemplateOf(
  values: DonationValues,
): { template: Record<string, unknown> } | { problem: 'HOLDING_REQUIRED' } {
  const holding = SERIES_HOLDING_KINDS.find((kind) => kind === values.holding);
  if (!holding) return { problem: 'HOLDING_REQUIRED' };
  return {
    template: {
      holding,
      allergens: values.allergens,
      cuisine: values.cuisine,
      foodType: values.foodType,
      vegType: values.vegType || undefined,
      quantity: toNumber(values.quantity),
      unit: values.unit,
      expiryHours: toNumber(values.expiryHours),
      notes: values.notes,
      pickupAddress: values.pickupAddress,
      pickupCoordinates: values.pickupCoordinates,
    },
  };
}
