import type { UserProfile } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';

/** The API view of a user: explicit fields only, so a hash or internal flag cannot leak. */
export function presentUser(row: UserRow): UserProfile {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    name: row.name,
    phone: row.phone,
    phoneVerified: row.phoneVerifiedAt !== null,
    address: row.address,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    organizationName: row.organizationName,
    cuisine: row.cuisine,
    capacity: row.capacity,
    description: row.description,
    language: row.language,
    emailNotifications: row.emailNotifications,
    publicImpact: row.publicSlug !== null,
    publicSlug: row.publicSlug,
    isVerified: row.isVerified,
    fssaiNumber: row.fssaiNumber,
    fssaiVerifiedAt: row.fssaiVerifiedAt?.toISOString() ?? null,
    rating: row.rating,
    ratingCount: row.ratingCount,
    totalDonations: row.totalDonations,
    totalRequests: row.totalRequests,
    tokens: row.tokens,
    noShows: row.noShows,
    hygienePassedAt: row.hygienePassedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
