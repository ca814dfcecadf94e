import { expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import type { RegistrableRole } from '@annasetu/domain';
import {
  HttpSession,
  donationInput,
  PASSING_HYGIENE_QUIZ,
  registrationFor,
} from '@annasetu/test-kit';
import { uniqueEmail } from './browser';
import { PASSWORD } from './flows';

/**
 * A member driven through the HTTP API from the test process: it keeps its own cookies and sends
 * the CSRF header, so a workflow can be set up quickly and then looked at in the browser.
 */
export class ApiMember {
  id = '';
  name = '';
  email = '';
  private readonly session: HttpSession;

  constructor(
    private readonly baseUrl: string,
    readonly role: RegistrableRole,
  ) {
    this.session = new HttpSession(baseUrl);
  }

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const { status, body: data } = await this.session.call<T>(method, path, body);
    return { status, data };
  }

  /** Signs up with a name no other test uses. */
  async signUp(label: string): Promise<this> {
    this.name = `${label} ${Date.now().toString(36).slice(-4)}`;
    this.email = uniqueEmail(this.role);
    const { status, data } = await this.call<{ user: { id: string } }>(
      'POST',
      '/api/auth/register',
      registrationFor(this.role, {
        name: this.name,
        email: this.email,
        address: `${label} Road, Connaught Place, New Delhi`,
        organizationName: this.name,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    );
    expect(status).toBe(201);
    this.id = data.user.id;
    // Every volunteer passes the hygiene course before a first grab (its own test takes it).
    if (this.role === 'volunteer') {
      const passed = await this.call('POST', '/api/training/quiz', PASSING_HYGIENE_QUIZ);
      expect(passed.status).toBe(200);
    }
    return this;
  }

  /** Puts this member's session into a browser context: its pages are signed in as them. */
  async signInBrowser(context: BrowserContext) {
    await context.addCookies(
      [...this.session.cookies].map(([name, value]) => ({ name, value, url: this.baseUrl })),
    );
  }

  async postDonation(foodType: string, extra: Record<string, unknown> = {}): Promise<string> {
    const { status, data } = await this.call<{ donation: { id: string } }>(
      'POST',
      '/api/donations',
      donationInput({ foodType, quantity: 25, unit: 'meals', expiryHours: 6, ...extra }),
    );
    expect(status).toBe(201);
    return data.donation.id;
  }

  /** Volunteer: grab, collect with the given quality and destination, and mark delivered. */
  async carry(donationId: string, quality: 'good' | 'bad', destination: ApiMember) {
    const grab = await this.call<{ request: { id: string } }>(
      'POST',
      `/api/donations/${donationId}/grab`,
    );
    expect(grab.status).toBe(201);
    const requestId = grab.data.request.id;
    const collect = await this.call('POST', '/api/collections', {
      donationId,
      requestId,
      quality,
      destinationType: destination.role,
      destinationUserId: destination.id,
    });
    expect(collect.status).toBe(201);
    const complete = await this.call('POST', `/api/requests/${requestId}/complete`);
    expect(complete.status).toBe(200);
    return requestId;
  }
}
