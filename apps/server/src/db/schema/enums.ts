import { pgEnum } from 'drizzle-orm/pg-core';
import { CAPACITIES, ROLES, UI_LANGUAGES } from '@annasetu/domain';

// Enum values come from the domain package so the database and the API cannot disagree.
export const userRoleEnum = pgEnum('user_role', ROLES);
export const capacityEnum = pgEnum('capacity', CAPACITIES);
export const languageEnum = pgEnum('ui_language', UI_LANGUAGES);

export const donationStatusEnum = pgEnum('donation_status', [
  'pending',
  'accepted',
  'rejected',
  'completed',
  'expired',
]);
export const requestStatusEnum = pgEnum('request_status', [
  'pending',
  'accepted',
  'rejected',
  'fulfilled',
  'collected',
  'cancelled',
]);
export const unitEnum = pgEnum('unit', ['meals', 'kg', 'liters', 'packs']);
export const vegTypeEnum = pgEnum('veg_type', ['veg', 'nonveg', 'mixed']);
export const deliveryMethodEnum = pgEnum('delivery_method', ['volunteer', 'self']);
export const qualityEnum = pgEnum('quality', ['good', 'bad']);
export const destinationTypeEnum = pgEnum('destination_type', ['foodbank', 'nursery', 'poultry']);
export const collectionStatusEnum = pgEnum('collection_status', ['collected', 'delivered']);
