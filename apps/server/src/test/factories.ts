import { randomBytes } from 'node:crypto';
import type { RegisterInput, RegistrableRole } from '@annasetu/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TestClient } from './build-app.js';

let sequence = 0;

/** A valid sign-up body for `role`, unique per call. */
export function registrationFor(
  role: RegistrableRole = 'restaurant',
  overrides: Partial<RegisterInput> = {},
) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}${randomBytes(2).toString('hex')}`;
  return {
    role,
    name: `Test ${role} ${sequence}`,
    email: `${role}.${tag}@example.in`,
    phone: '+91 98765 43210',
    address: `${sequence} MG Road, Bengaluru`,
    organizationName: `Org ${sequence}`,
    password: 'secret123',
    confirmPassword: 'secret123',
    ...overrides,
  } satisfies RegisterInput;
}

/** Registers a user through the API and returns a signed-in client. */
export async function signUp(
  app: FastifyInstance,
  role: RegistrableRole = 'restaurant',
  overrides: Partial<RegisterInput> = {},
) {
  const client = new TestClient(app);
  const body = registrationFor(role, overrides);
  const response = await client.post('/api/auth/register', body);
  expect(response.statusCode, response.body).toBe(201);
  return {
    client,
    body,
    user: response.json().user as { id: string; email: string; role: string },
  };
}

/** A valid donation form for the donation API, with overrides. */
export function donationInput(overrides: Record<string, unknown> = {}) {
  return {
    cuisine: 'North Indian',
    foodType: 'Dal, rice and rotis',
    vegType: 'veg',
    quantity: 20,
    prepDate: new Date().toISOString().slice(0, 10),
    prepTime: '12:30',
    deliveryMethod: 'volunteer',
    ...overrides,
  };
}

/** Posts a donation as `client` and returns it. */
export async function postDonation(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/donations', donationInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().donation as { id: string; [key: string]: unknown };
}

/** Creates an admin directly in the database (admins are never self-registered) and signs in. */
export async function signInAsAdmin(app: FastifyInstance) {
  const { hashPassword } = await import('../modules/auth/passwords.js');
  const { insertUser } = await import('../modules/users/users.queries.js');
  const email = `admin.${Date.now()}${randomBytes(3).toString('hex')}@example.in`;
  await insertUser(app.database.db, {
    email,
    passwordHash: await hashPassword('admin-password-1'),
    role: 'admin',
    name: 'Admin',
    phone: '+91 90000 00000',
    address: '-',
  });
  const client = new TestClient(app);
  const response = await client.post('/api/auth/login', { email, password: 'admin-password-1' });
  expect(response.statusCode).toBe(200);
  return { client, user: response.json().user as { id: string } };
}
