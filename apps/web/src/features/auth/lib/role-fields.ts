import {
  FSSAI_ROLES,
  ORGANIZATION_REQUIRED_ROLES,
  hasAnyRole,
  type RegistrableRole,
} from '@annasetu/domain';

export interface RoleFields {
  organization: 'required' | 'optional';
  cuisine: boolean;
  capacity: boolean;
  /** Food businesses and food banks may give their FSSAI number (individuals are exempt). */
  fssai: boolean;
}

/**
 * Which optional fields each role is asked for at sign-up: kitchens state their cuisine, anyone
 * who stores food states a capacity. Everyone may describe themselves.
 */
const EXTRA_FIELDS: Record<RegistrableRole, Omit<RoleFields, 'organization' | 'fssai'>> = {
  restaurant: { cuisine: true, capacity: true },
  mess: { cuisine: true, capacity: true },
  individual: { cuisine: false, capacity: false },
  foodbank: { cuisine: false, capacity: true },
  nursery: { cuisine: false, capacity: true },
  poultry: { cuisine: false, capacity: true },
  volunteer: { cuisine: false, capacity: false },
};

export function fieldsForRole(role: RegistrableRole): RoleFields {
  return {
    organization: hasAnyRole(role, ORGANIZATION_REQUIRED_ROLES) ? 'required' : 'optional',
    ...EXTRA_FIELDS[role],
    fssai: hasAnyRole(role, FSSAI_ROLES),
  };
}
