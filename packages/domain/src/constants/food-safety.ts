/**
 * Food-safety holding rules for surplus cooked food (FSSAI guidance), as the assistant and the
 * help texts state them.
 */
export const FOOD_SAFETY = {
  /** Hot food is held at this temperature or above (°C). */
  hotHoldingMinC: 60,
  /** Cold food is held at this temperature or below (°C). */
  coldHoldingMaxC: 5,
  /** Food kept outside those temperatures is eaten within this many hours. */
  outsideTemperatureMaxHours: 4,
  /** Cooked food left at room temperature longer than this is not donated (hours). */
  roomTemperatureMaxHours: 2,
  /** Reheated food reaches this temperature in the centre (°C). */
  reheatMinC: 70,
} as const;

/**
 * How a donation's food is kept until pickup (FSSAI guidance for surplus food): hot above 60 °C,
 * chilled below 5 °C, at room temperature, or sealed packaged food with its own use-by date.
 */
export const HOLDING_KINDS = ['hot', 'chilled', 'room', 'packaged'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];

/**
 * How a recurring donation's food may be kept: cooked food, timed from each posting. Packaged
 * food carries a use-by date of its own each time, so it is posted once, not as a repeat.
 */
export const SERIES_HOLDING_KINDS = ['hot', 'chilled', 'room'] as const;
export type SeriesHoldingKind = (typeof SERIES_HOLDING_KINDS)[number];

/**
 * The allergens FSSAI's labelling regulations (2020) ask to be declared: cereals containing
 * gluten, crustaceans, eggs, fish, peanuts, soy, milk, tree nuts and sulphite.
 */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'tree_nuts',
  'sulphite',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/**
 * How long food stays fit for people, by how it is held (decision 0059 gives the sources). Cooked
 * food counts from its preparation; packaged food keeps its own use-by date. The seed's expiry
 * (posting + expiry hours) is always the upper bound on top of this.
 */
export const SAFE_BY_RULES: Readonly<
  Record<
    HoldingKind,
    { readonly from: 'prepared'; readonly hours: number } | { readonly from: 'useBy' }
  >
> = {
  hot: { from: 'prepared', hours: 4 },
  chilled: { from: 'prepared', hours: 24 },
  room: { from: 'prepared', hours: 2 },
  packaged: { from: 'useBy' },
};

/**
 * How the food looked when it reached its receiver (the handover record, decision 0063): as
 * expected, or doubtful (something seemed off; the receiver says what in a note).
 */
export const ARRIVAL_CONDITIONS = ['good', 'doubtful'] as const;
export type ArrivalCondition = (typeof ARRIVAL_CONDITIONS)[number];

/**
 * The longest period a register of food received covers in one download (days, both ends
 * counted): a year, so a leap year's register fits in one file.
 */
export const REGISTER_MAX_DAYS = 366;

/** An FSSAI licence or registration number: 14 digits. */
export const FSSAI_NUMBER_PATTERN = /^\d{14}$/;
