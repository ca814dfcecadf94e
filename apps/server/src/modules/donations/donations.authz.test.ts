import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrableRole } from '@annasetu/domain';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { donationInput, postDonation, signInAsAdmin, signUp } from '../../test/factories.js';

// Every donation route x every role x owner / non-owner -> the expected status. A fresh pending
// donation per row, so one row's effect (a request, a deletion) cannot change another's answer.
type Actor = 'anonymous' | RegistrableRole | 'admin' | 'owner';

const ROLES: Actor[] = [
  'anonymous',
  'restaurant',
  'individual',
  'mess',
  'foodbank',
  'nursery',
  'poultry',
  'volunteer',
  'admin',
  'owner',
];

interface Route {
  name: string;
  call: (client: TestClient, donationId: string) => Promise<{ statusCode: number }>;
  expected: Record<Actor, number>;
}

const routes: Route[] = [
  {
    name: 'POST /api/donations',
    call: (c) => c.post('/api/donations', donationInput()),
    expected: {
      anonymous: 401,
      restaurant: 201,
      individual: 201,
      mess: 201,
      foodbank: 403,
      nursery: 403,
      poultry: 403,
      volunteer: 403,
      admin: 403,
      owner: 201,
    },
  },
  {
    name: 'GET /api/donations/mine',
    call: (c) => c.get('/api/donations/mine'),
    expected: {
      anonymous: 401,
      restaurant: 200,
      individual: 200,
      mess: 200,
      foodbank: 403,
      nursery: 403,
      poultry: 403,
      volunteer: 403,
      admin: 403,
      owner: 200,
    },
  },
  {
    name: 'GET /api/donations/available',
    call: (c) => c.get('/api/donations/available'),
    expected: {
      anonymous: 401,
      restaurant: 403,
      individual: 200,
      mess: 403,
      foodbank: 200,
      nursery: 200,
      poultry: 200,
      volunteer: 200,
      admin: 200,
      owner: 403,
    },
  },
  {
    name: 'GET /api/donations/:id (pending, volunteer delivery)',
    call: (c, id) => c.get(`/api/donations/${id}`),
    expected: {
      anonymous: 401,
      restaurant: 404,
      individual: 200,
      mess: 404,
      foodbank: 200,
      nursery: 200,
      poultry: 200,
      volunteer: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    name: 'DELETE /api/donations/:id',
    call: (c, id) => c.delete(`/api/donations/${id}`),
    expected: {
      anonymous: 401,
      restaurant: 403,
      individual: 403,
      mess: 403,
      foodbank: 403,
      nursery: 403,
      poultry: 403,
      volunteer: 403,
      admin: 403,
      owner: 204,
    },
  },
  {
    name: 'POST /api/donations/:id/requests',
    call: (c, id) => c.post(`/api/donations/${id}/requests`, {}),
    expected: {
      anonymous: 401,
      restaurant: 403,
      individual: 201,
      mess: 403,
      foodbank: 201,
      nursery: 201,
      poultry: 201,
      volunteer: 403,
      admin: 403,
      owner: 403,
    },
  },
];

let t: TestApp;
let owner: TestClient;
const clients = new Map<Actor, TestClient>();

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signUp(t.app, 'restaurant')).client;
  clients.set('owner', owner);
  clients.set('anonymous', new TestClient(t.app));
  clients.set('admin', (await signInAsAdmin(t.app)).client);
  for (const role of [
    'restaurant',
    'individual',
    'mess',
    'foodbank',
    'nursery',
    'poultry',
    'volunteer',
  ] as const) {
    clients.set(role, (await signUp(t.app, role)).client);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('donation routes: who may do what', () => {
  const cases = routes.flatMap((route) =>
    ROLES.map((actor) => [route.name, actor, route.expected[actor]] as const),
  );
  it.each(cases)('%s as %s -> %i', async (routeName, actor, expected) => {
    const route = routes.find((r) => r.name === routeName)!;
    const donation = await postDonation(owner);
    const response = await route.call(clients.get(actor)!, donation.id);
    expect(response.statusCode).toBe(expected);
  });
});
