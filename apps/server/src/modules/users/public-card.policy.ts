import { randomBytes } from 'node:crypto';
import { PUBLIC_CARD_ROLES } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../lib/errors.js';

/**
 * The public card's slug after the user switches it on or off. Donor and receiver accounts
 * (organisations) may publish one; volunteers are people, not organisations, and a page of a
 * person's pickups would show where they go; admins take no part in the food's journey. The
 * card shows the organisation name only, so an account without one cannot publish. Switching
 * off forgets the slug: switched on again, the card gets a new address, so an old link stays dead.
 */
export function publicSlugAfter(user: UserRow, on: boolean): string | null {
  if (!(PUBLIC_CARD_ROLES as readonly string[]).includes(user.role)) {
    throw new AppError('FORBIDDEN');
  }
  if (!on) return null;
  if (!user.organizationName?.trim()) throw invalidField('publicImpact', 'ORGANIZATION_REQUIRED');
  return user.publicSlug ?? randomBytes(12).toString('base64url');
}
