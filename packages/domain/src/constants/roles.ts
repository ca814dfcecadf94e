/** Every role a user can hold. Admin is never self-registered: a command-line task creates one. */
export const ROLES = [
  'restaurant',
  'individual',
  'foodbank',
  'volunteer',
  'nursery',
  'poultry',
  'mess',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles offered on the sign-up screen: the seed's six cards plus Mess/Canteen. */
export const REGISTRABLE_ROLES = [
  'restaurant',
  'foodbank',
  'individual',
  'volunteer',
  'nursery',
  'poultry',
  'mess',
] as const satisfies readonly Role[];
export type RegistrableRole = (typeof REGISTRABLE_ROLES)[number];

/** Donors post surplus food. Mess counts as a donor (seed section 3). */
export const DONOR_ROLES = ['restaurant', 'individual', 'mess'] as const satisfies readonly Role[];
/** Receivers take food: food banks for people, nurseries and poultry farms for unfit food. */
export const RECEIVER_ROLES = ['foodbank', 'nursery', 'poultry'] as const satisfies readonly Role[];
/** Volunteers collect and deliver. */
export const VOLUNTEER_ROLES = ['volunteer'] as const satisfies readonly Role[];
/** Individuals may both donate and request food (register card: "donate or request food"). */
export const REQUESTER_ROLES = [
  'foodbank',
  'nursery',
  'poultry',
  'individual',
] as const satisfies readonly Role[];

/** Roles whose login lands on the nursery/poultry dashboard instead of /dashboard. */
export const NURSERY_POULTRY_ROLES = ['nursery', 'poultry'] as const satisfies readonly Role[];

/** Organisation name is required at sign-up for these roles (seed section 5). */
export const ORGANIZATION_REQUIRED_ROLES = [
  'restaurant',
  'foodbank',
  'individual',
] as const satisfies readonly Role[];

/**
 * Roles that hold an FSSAI licence or registration (FSSAI surplus food regulations, 2019): the
 * donor businesses and the food banks. Individuals, volunteers, nurseries and poultry farms are
 * exempt.
 */
export const FSSAI_ROLES = ['restaurant', 'mess', 'foodbank'] as const satisfies readonly Role[];

export const DEFAULT_ROLE: RegistrableRole = 'restaurant';

export const CAPACITIES = ['low', 'medium', 'high'] as const;
export type Capacity = (typeof CAPACITIES)[number];
export const DEFAULT_CAPACITY: Capacity = 'medium';

/** True when `role` is one of `roles`; the policy layer's building block. */
export function hasAnyRole(role: Role, roles: readonly Role[]): boolean {
  return roles.includes(role);
}

export function isDonorRole(role: Role): boolean {
  return hasAnyRole(role, DONOR_ROLES);
}

export function isReceiverRole(role: Role): boolean {
  return hasAnyRole(role, RECEIVER_ROLES);
}

export function isVolunteerRole(role: Role): boolean {
  return hasAnyRole(role, VOLUNTEER_ROLES);
}

/** Where a user goes after signing in (seed: nursery and poultry have their own dashboard). */
export function homePathForRole(role: Role): string {
  return hasAnyRole(role, NURSERY_POULTRY_ROLES) ? '/dashboard/nursery-poultry' : '/dashboard';
}
