import { vi } from 'vitest';
import { jsonResponse } from '../../../testing/fetch-mock';
import type { PublicImpact, PublicImpactRange, PublicOrg } from '../api/public-impact-types';

/**
 * The platform's public figures for a range, shaped as the API's contract says. Each range has
 * its own meal count, so a test can see which range is on screen. The factors are deliberately
 * not the product's, so a page that printed its own copy of them would show the wrong numbers.
 */
export function impactFixture(range: PublicImpactRange, overrides: Partial<PublicImpact> = {}) {
  const meals = { '30d': 123456, '90d': 234567, '12m': 345678, all: 456789 }[range];
  const fixture: PublicImpact = {
    range,
    since: '2026-10-25T09:30:00.000Z',
    generatedAt: '2026-11-24T09:30:00.000Z',
    licence: {
      id: 'CC-BY-4.0',
      name: 'Creative Commons Attribution 4.0 International',
      url: 'https://creativecommons.org/licenses/by/4.0/',
    },
    totals: {
      meals,
      kg: 1500.5,
      co2Kg: 3012,
      completedDonations: 4321,
      measuredDonations: 1234,
      organisations: {
        restaurant: 41,
        individual: 12,
        mess: 7,
        foodbank: 9,
        nursery: 3,
        poultry: 2,
        volunteer: 28,
      },
    },
    trends: {
      weekly: [
        { start: '2026-11-02', meals: 400, kg: 20, co2Kg: 570, completedDonations: 30 },
        { start: '2026-11-09', meals: 650, kg: 35, co2Kg: 932.5, completedDonations: 44 },
        { start: '2026-11-16', meals: 520, kg: 12, co2Kg: 706, completedDonations: 37 },
      ],
      monthly: [
        { start: '2026-10-01', meals: 2100, kg: 90, co2Kg: 2955, completedDonations: 160 },
        { start: '2026-11-01', meals: 1570, kg: 67, co2Kg: 2208.5, completedDonations: 111 },
      ],
    },
    grid: { degrees: 0.05, minRescues: 5 },
    cells: [
      { lat: 28.625, lng: 77.225, sizeKm: 5.6, rescues: 40 },
      { lat: 28.575, lng: 77.175, sizeKm: 5.6, rescues: 9 },
    ],
    cuisines: [
      { cuisine: 'North Indian', donations: 120 },
      { cuisine: 'दक्षिण भारतीय', donations: 45 },
    ],
    quality: { good: 300, bad: 100 },
    badFoodTo: { nursery: 60, poultry: 40 },
    factors: {
      co2KgPerMeal: 1.7,
      co2KgPerKg: 2.9,
      mealsPerFamilyDay: 16,
      co2GramsPerKm: 250,
      kgPerMeal: 0.45,
    },
    ...overrides,
  };
  return fixture;
}

export const orgFixture: PublicOrg = {
  slug: 'k3p9x2',
  displayName: 'Saravana Bhavan',
  role: 'restaurant',
  since: '2025-03-14T08:00:00.000Z',
  totals: { meals: 98765, kg: 432.1, co2Kg: 1234.5, completedDonations: 321 },
};

type Answer = { status: number; body: unknown };

/**
 * A tiny stand-in for the public API on `fetch`: it answers by path and query the way the
 * contract says, and records every address asked.
 */
export function publicApi(answer: (url: URL, init: RequestInit) => Answer | undefined) {
  const asked: string[] = [];
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    asked.push(url.pathname + url.search);
    requests.push({
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const reply = answer(url, init) ?? {
      status: 404,
      body: { error: 'Not found.', code: 'NOT_FOUND' },
    };
    return jsonResponse(reply.status, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { asked, requests };
}

/** Answers GET /api/public/impact?range=… with the fixture of that range. */
export function impactApi(overrides: Partial<PublicImpact> = {}) {
  return publicApi((url) => {
    if (url.pathname !== '/api/public/impact') return undefined;
    const range = url.searchParams.get('range') as PublicImpactRange;
    return { status: 200, body: impactFixture(range, overrides) };
  });
}
