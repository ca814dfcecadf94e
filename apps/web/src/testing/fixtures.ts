import type { Role, UserProfile } from '@annasetu/domain';

export function makeUser(overrides: Partial<UserProfile> = {}): UserProfile {
  const role: Role = overrides.role ?? 'restaurant';
  return {
    id: '0b7d2c1e-9a51-4a5e-8d7e-2f1f4e7c9a10',
    email: 'asha@example.in',
    role,
    name: 'Asha Verma',
    phone: '+919876543210',
    phoneVerified: true,
    address: '12 MG Road, Bengaluru',
    coordinates: { lat: 12.9716, lng: 77.5946 },
    organizationName: 'Asha Kitchen',
    cuisine: 'South Indian',
    capacity: 'medium',
    description: null,
    language: 'en',
    emailNotifications: false,
    publicImpact: false,
    publicSlug: null,
    isVerified: false,
    fssaiNumber: null,
    fssaiVerifiedAt: null,
    rating: 0,
    ratingCount: 0,
    totalDonations: 1234567,
    totalRequests: 3,
    tokens: 40,
    noShows: 0,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}
