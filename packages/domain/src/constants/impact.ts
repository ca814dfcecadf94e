import type { UserStats } from '../schemas/stats.js';

/** Units a donation's quantity is counted in; the unit picks the CO2 factor (seed section 3). */
export const UNITS = ['meals', 'kg', 'liters', 'packs'] as const;
export type Unit = (typeof UNITS)[number];
/** The donation form preselects meals (seed section 5). */
export const DEFAULT_UNIT: Unit = 'meals';
/** Units that only make sense as whole numbers: nobody donates 2.5 meals. */
export const WHOLE_NUMBER_UNITS = ['meals', 'packs'] as const satisfies readonly Unit[];

/** Diet label shown on every donation card. */
export const VEG_TYPES = ['veg', 'nonveg', 'mixed'] as const;
export type VegType = (typeof VEG_TYPES)[number];

/** Who carries the food: a volunteer from the feed, or the donor ("self"). */
export const DELIVERY_METHODS = ['volunteer', 'self'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Kg of CO2 saved per unit of good-quality food (seed section 9); other units save 0. */
export const CO2_KG_PER_UNIT: Readonly<Record<Unit, number>> = {
  meals: 1.3,
  kg: 2.5,
  liters: 2.5,
  packs: 2.5,
};

/** A car emits 404 g of CO2 per mile (the seed's figure), the same as 251 g per kilometre. */
export const CO2_GRAMS_PER_MILE = 404;
/** A car emits 251 g of CO2 per km: turns saved CO2 into "kilometres not driven" (India). */
export const CO2_GRAMS_PER_KM = 251;
/** 12 meals feed a family for a day: turns meals into "family-days". */
export const MEALS_PER_FAMILY_DAY = 12;

/**
 * What a donation's impact figures rest on (decision 0064): the donor's estimate when it was
 * posted, the quantity the volunteer found at pickup, or the quantity its receiver confirmed.
 */
export const IMPACT_BASES = ['estimate', 'picked', 'received'] as const;
export type ImpactBasis = (typeof IMPACT_BASES)[number];

/**
 * A receipt below this share of what was picked up is flagged to admins: more than a fifth of
 * the food went missing between pickup and receipt (a weighing slip, spillage, or worse).
 */
export const RECEIPT_SHORTFALL_RATIO = 0.8;

/**
 * An amount found at pickup or on receipt may be at most this many times the one it follows (the
 * posted quantity, or the amount picked up): more is taken for a slip and refused.
 */
export const MAX_MEASURED_FACTOR = 2;

/** Tokens the donor earns when a volunteer records a good-quality collection. */
export const DONOR_TOKENS_PER_GOOD_COLLECTION = 10;
/** Tokens a volunteer earns once per completed delivery. */
export const VOLUNTEER_TOKENS_PER_COMPLETION = 5;

/** Donation shelf life in hours: default of the form, and the bounds we accept. */
export const DEFAULT_EXPIRY_HOURS = 6;
export const MIN_EXPIRY_HOURS = 1;
/** Cooked food is not held for more than three days; a longer value is a typo. */
export const MAX_EXPIRY_HOURS = 72;

/** Donation quantity bounds: at least 1 (seed section 5), at most a truck load. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100_000;

/** Analytics range selector values (seed: 7, 30, 90, All). */
export const ANALYTICS_RANGES = ['7', '30', '90', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
/** Days covered by each range; "All" means ten years (3650 days). */
export const ANALYTICS_RANGE_DAYS: Readonly<Record<AnalyticsRange, number>> = {
  '7': 7,
  '30': 30,
  '90': 90,
  all: 3650,
};
/** Range preselected on the analytics screen; volunteers act less often, so they see 90 days. */
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30';
export const VOLUNTEER_DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '90';

/** Actions per week the analytics target bar aims at (volunteers aim higher). */
export const WEEKLY_TARGET = 3;
export const VOLUNTEER_WEEKLY_TARGET = 5;
/** Receivers' fulfilment bar looks at requests of the last 30 days. */
export const FULFILMENT_WINDOW_DAYS = 30;

/** CO2 milestones in kg, ascending, for the analytics progress bar. */
export const CO2_MILESTONES_KG = [10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const;

/** Badge thresholds (seed section 9): activity counts and kg of CO2 saved, all inclusive. */
export const BADGE_THRESHOLDS = {
  gettingStarted: 1,
  communityHelper: 10,
  co2Saver100: 100,
  co2Saver500: 500,
} as const;

/** Impact sentences appear when a figure is strictly above its threshold (seed section 9). */
export const IMPACT_MESSAGE_THRESHOLDS = {
  co2Kg: 10,
  meals: 20,
  deliveries: 5,
  tokens: 50,
  receiverDeliveries: 10,
} as const;

/**
 * Kilograms of food in one meal, as the seed's two CO2 factors imply it (1.3 kg of CO2 per meal,
 * 2.5 per kg): shown beside them on the public methods section, never used to add up figures.
 */
export const KG_PER_MEAL = CO2_KG_PER_UNIT.meals / CO2_KG_PER_UNIT.kg;

/** Ranges of the public impact page and open data: 30 days, 90 days, 12 months, all time. */
export const PUBLIC_IMPACT_RANGES = ['30d', '90d', '12m', 'all'] as const;
export type PublicImpactRange = (typeof PUBLIC_IMPACT_RANGES)[number];
export const DEFAULT_PUBLIC_IMPACT_RANGE: PublicImpactRange = '30d';
/** Days in each public range; "all" is the analytics screen's all (3650 days), so both agree. */
export const PUBLIC_IMPACT_RANGE_DAYS: Readonly<Record<PublicImpactRange, number>> = {
  '30d': ANALYTICS_RANGE_DAYS['30'],
  '90d': ANALYTICS_RANGE_DAYS['90'],
  '12m': 365,
  all: ANALYTICS_RANGE_DAYS.all,
};

/**
 * The public map's grid: completed rescues are counted per cell of 0.05 degrees of latitude by
 * 0.05 of longitude (about 5.6 km by 5 km around Delhi) by pickup point, and only the cell's
 * centre is published. The database counts cells as floor(degrees * IMPACT_GRID_CELLS_PER_DEGREE)
 * (migration impact_public_rollups): change both together.
 */
export const IMPACT_GRID_CELLS_PER_DEGREE = 20;
export const IMPACT_GRID_DEGREES = 1 / IMPACT_GRID_CELLS_PER_DEGREE;
/** A cell with fewer rescues than this is left off the public map (it could point at one donor). */
export const IMPACT_MIN_CELL_RESCUES = 5;
/** Cuisines listed on the public page. */
export const PUBLIC_TOP_CUISINES = 8;

/** Licence of the public figures and open data. */
export const OPEN_DATA_LICENCE = {
  id: 'CC-BY-4.0',
  name: 'Creative Commons Attribution 4.0 International',
  url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;

/**
 * Stats of a user with no activity yet: the starting point and the "could not load" fallback
 * (beside the schema in stats.ts, which pages need not load to show it).
 */
export const EMPTY_USER_STATS: UserStats = {
  donationsMade: 0,
  co2Saved: 0,
  mealsDonated: 0,
  kgDonated: 0,
  tokens: 0,
  deliveriesCompleted: 0,
  deliveriesReceived: 0,
  receiverCo2: 0,
  volunteerCo2: 0,
  donationsCounted: 0,
  donationsMeasured: 0,
};
