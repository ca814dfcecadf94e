import { pgEnum } from 'drizzle-orm/pg-core';
import {
  ARRIVAL_CONDITIONS,
  IMPACT_BASES,
  QUICK_MESSAGES,
  CAPACITIES,
  COLLECTION_STATUSES,
  DELIVERY_METHODS,
  DESTINATION_TYPES,
  DONATION_STATUSES,
  FEEDBACK_KINDS,
  HOLDING_KINDS,
  QUALITIES,
  REQUEST_STATUSES,
  ROLES,
  UI_LANGUAGES,
  UNITS,
  VEG_TYPES,
} from '@annasetu/domain';

// Enum values come from the domain package so the database and the API cannot disagree.
export const userRoleEnum = pgEnum('user_role', ROLES);
export const capacityEnum = pgEnum('capacity', CAPACITIES);
export const languageEnum = pgEnum('ui_language', UI_LANGUAGES);
export const donationStatusEnum = pgEnum('donation_status', DONATION_STATUSES);
export const requestStatusEnum = pgEnum('request_status', REQUEST_STATUSES);
export const unitEnum = pgEnum('unit', UNITS);
export const vegTypeEnum = pgEnum('veg_type', VEG_TYPES);
export const deliveryMethodEnum = pgEnum('delivery_method', DELIVERY_METHODS);
export const qualityEnum = pgEnum('quality', QUALITIES);
export const destinationTypeEnum = pgEnum('destination_type', DESTINATION_TYPES);
export const collectionStatusEnum = pgEnum('collection_status', COLLECTION_STATUSES);
export const feedbackKindEnum = pgEnum('feedback_kind', FEEDBACK_KINDS);
export const holdingKindEnum = pgEnum('holding_kind', HOLDING_KINDS);
export const arrivalConditionEnum = pgEnum('arrival_condition', ARRIVAL_CONDITIONS);
export const impactBasisEnum = pgEnum('impact_basis', IMPACT_BASES);
export const quickMessageEnum = pgEnum('quick_message', QUICK_MESSAGES);
