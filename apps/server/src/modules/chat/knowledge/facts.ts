import {
  CO2_GRAMS_PER_KM,
  CO2_KG_PER_UNIT,
  DEFAULT_EXPIRY_HOURS,
  DEFAULT_NEARBY_RADIUS_KM,
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  FOOD_SAFETY,
  MAX_EXPIRY_HOURS,
  MAX_NEARBY_RADIUS_KM,
  MEALS_PER_FAMILY_DAY,
  MIN_EXPIRY_HOURS,
  PASSWORD_MIN_LENGTH,
  VOLUNTEER_TOKENS_PER_COMPLETION,
} from '@annasetu/domain';

/**
 * The product's figures the knowledge base quotes, by the name an answer uses for them
 * (`{fact:defaultExpiryHours}`). They come from the domain package, so an answer can never state
 * a figure the product does not use.
 */
export const FACTS = {
  defaultExpiryHours: DEFAULT_EXPIRY_HOURS,
  minExpiryHours: MIN_EXPIRY_HOURS,
  maxExpiryHours: MAX_EXPIRY_HOURS,
  nearbyRadiusKm: DEFAULT_NEARBY_RADIUS_KM,
  maxNearbyRadiusKm: MAX_NEARBY_RADIUS_KM,
  donorTokens: DONOR_TOKENS_PER_GOOD_COLLECTION,
  volunteerTokens: VOLUNTEER_TOKENS_PER_COMPLETION,
  co2KgPerMeal: CO2_KG_PER_UNIT.meals,
  co2KgPerKg: CO2_KG_PER_UNIT.kg,
  co2GramsPerKm: CO2_GRAMS_PER_KM,
  mealsPerFamilyDay: MEALS_PER_FAMILY_DAY,
  passwordMinLength: PASSWORD_MIN_LENGTH,
  ...FOOD_SAFETY,
} as const satisfies Record<string, number>;

export type FactName = keyof typeof FACTS;
