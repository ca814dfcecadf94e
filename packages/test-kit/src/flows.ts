import { randomBytes } from 'node:crypto';
import { HYGIENE_ANSWER_KEY, type RegisterInput, type RegistrableRole } from '@annasetu/domain';
import { HttpSession, type Answer } from './http-session.js';

let sequence = 0;

/** A valid sign-up body for `role`, unique per call (password "secret123"). */
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

/** A valid donation form for POST /api/donations (20 meals of dal and rice, for a volunteer). */
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

function expectStatus(answer: Answer<unknown>, what: string, ...statuses: number[]): void {
  if (!statuses.includes(answer.status)) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

export interface SignedUp {
  session: HttpSession;
  body: ReturnType<typeof registrationFor>;
  user: { id: string; email: string; role: string };
  answer: Answer;
}

/** The hygiene quiz answered right: what a volunteer sends to pass the course (decision 0067). */
export const PASSING_HYGIENE_QUIZ = { answers: { ...HYGIENE_ANSWER_KEY } };

/**
 * Registers through POST /api/auth/register; the session is then signed in. A volunteer also
 * passes the hygiene course, as every volunteer does before a first grab, unless
 * `{ hygiene: false }` asks for one who has not.
 */
export async function signUp(
  baseUrl: string,
  role: RegistrableRole = 'restaurant',
  overrides: Partial<RegisterInput> = {},
  { hygiene = true }: { hygiene?: boolean } = {},
): Promise<SignedUp> {
  const session = new HttpSession(baseUrl);
  const body = registrationFor(role, overrides);
  const answer = await session.call('POST', '/api/auth/register', body);
  expectStatus(answer, 'signing up', 201);
  if (role === 'volunteer' && hygiene) {
    const passed = await session.call('POST', '/api/training/quiz', PASSING_HYGIENE_QUIZ);
    expectStatus(passed, 'passing the hygiene course', 200);
  }
  return { session, body, user: answer.body.user as SignedUp['user'], answer };
}

/** Signs in through POST /api/auth/login; throws unless it answers 200. */
export async function signIn(baseUrl: string, email: string, password: string) {
  const session = new HttpSession(baseUrl);
  const answer = await session.call('POST', '/api/auth/login', { email, password });
  expectStatus(answer, `signing in as ${email}`, 200);
  return session;
}

/** The donor posts a donation; returns it. */
export async function postDonation(session: HttpSession, overrides: Record<string, unknown> = {}) {
  const answer = await session.call<{ donation: { id: string } }>(
    'POST',
    '/api/donations',
    donationInput(overrides),
  );
  expectStatus(answer, 'posting a donation', 201);
  return answer.body.donation;
}

/** The volunteer grabs a donation; returns the request that carries it. */
export async function grabDonation(session: HttpSession, donationId: string) {
  const answer = await session.call<{ request: { id: string } }>(
    'POST',
    `/api/donations/${donationId}/grab`,
  );
  expectStatus(answer, 'grabbing a donation', 201);
  return answer.body.request;
}

/** The volunteer collects a grabbed donation for a destination (good quality unless told). */
export async function collectDonation(
  session: HttpSession,
  collection: {
    donationId: string;
    requestId: string;
    destinationType: string;
    destinationUserId: string;
    quality?: 'good' | 'bad';
  },
): Promise<void> {
  const answer = await session.call('POST', '/api/collections', { quality: 'good', ...collection });
  expectStatus(answer, 'collecting a donation', 201);
}
