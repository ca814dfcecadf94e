import { randomBytes } from 'node:crypto';
import type { RegisterInput, RegistrableRole } from '@annasetu/domain';
import { donationInput, PASSING_HYGIENE_QUIZ, registrationFor } from '@annasetu/test-kit';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TestClient } from './build-app.js';

// The request bodies are the test kit's, shared with the process tests, e2e and bench.
export { donationInput, registrationFor } from '@annasetu/test-kit';

/**
 * Registers a user through the API and returns a signed-in client. A volunteer also passes the
 * hygiene course (decision 0067), unless `{ hygiene: false }` asks for one who has not.
 */
export async function signUp(
  app: FastifyInstance,
  role: RegistrableRole = 'restaurant',
  overrides: Partial<RegisterInput> = {},
  { hygiene = true }: { hygiene?: boolean } = {},
) {
  const client = new TestClient(app);
  const body = registrationFor(role, overrides);
  const response = await client.post('/api/auth/register', body);
  expect(response.statusCode, response.body).toBe(201);
  if (role === 'volunteer' && hygiene) {
    const passed = await client.post('/api/training/quiz', PASSING_HYGIENE_QUIZ);
    expect(passed.statusCode, passed.body).toBe(200);
  }
  return {
    client,
    body,
    user: response.json().user as { id: string; email: string; role: string },
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
