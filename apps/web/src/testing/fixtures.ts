import type { Donation, Role, UserProfile } from '@annasetu/domain';

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
    hygienePassedAt: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A donation as its donor sees it: hot veg food prepared at 13:10 on 28 Nov 2026 (India), safe
 * for people until 17:10 India time, open for requests.
 */
export function makeDonation(overrides: Partial<Donation> = {}): Donation {
  return {
    id: '6f1c2a9e-3b7d-4c55-9a10-2e8f4d6b7c01',
    donorId: '0b7d2c1e-9a51-4a5e-8d7e-2f1f4e7c9a10',
    donorName: 'Asha Kitchen',
    donorEmail: 'asha@example.in',
    donorPhone: '+919876543210',
    donorAddress: '12 MG Road, Bengaluru',
    donorCoordinates: { lat: 12.9716, lng: 77.5946 },
    status: 'pending',
    createdAt: '2026-11-28T07:45:00.000Z',
    updatedAt: '2026-11-28T07:45:00.000Z',
    completedAt: null,
    expiryTime: '2026-11-28T13:45:00.000Z',
    isExpired: false,
    totalRequests: 0,
    acceptedRequests: 0,
    foodType: 'Dal makhani and rotis',
    cuisine: 'North Indian',
    vegType: 'veg',
    quantity: 30,
    unit: 'meals',
    notes: null,
    prepDate: '2026-11-28',
    prepTime: '13:10:00',
    pickupAddress: '12 MG Road, Bengaluru',
    pickupArea: 'MG Road, Bengaluru',
    pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
    detailsShown: true,
    deliveryMethod: 'volunteer',
    expiryHours: 6,
    volunteerId: null,
    volunteerName: null,
    co2Saved: 0,
    mealsDonated: 0,
    holding: 'hot',
    useBy: null,
    allergens: ['gluten', 'milk'],
    safeUntil: '2026-11-28T11:40:00.000Z',
    ...overrides,
  };
}
