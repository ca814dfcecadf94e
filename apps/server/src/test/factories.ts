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
