import type { Page } from 'playwright-core';
import { donationInput } from '@annasetu/test-kit';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/**
 * Calls the API from inside the page, as the signed-in user of that page: same cookies, and the
 * CSRF header taken from the csrf_token cookie like the web app does. For arranging a test's
 * situation quickly (the flows under test still go through the screens).
 */
export async function callApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = document.cookie
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith('csrf_token='))
        ?.slice('csrf_token='.length);
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers['X-CSRF-Token'] = decodeURIComponent(token);
      const response = await fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON
      }
      return { status: response.status, body: parsed as T };
    },
    { method, path, body },
  );
}

/** A donation for a volunteer to carry (20 meals in Bengaluru), posted by the signed-in donor. */
export async function postDonation(page: Page, foodType: string): Promise<string> {
  const answer = await callApi<{ donation: { id: string } }>(
    page,
    'POST',
    '/api/donations',
    donationInput({
      foodType,
      unit: 'meals',
      expiryHours: 6,
      prepTime: '10:00',
      pickupCoordinates: { lat: 12.9716, lng: 77.5946 },
    }),
  );
  if (answer.status !== 201) {
    throw new Error(`Posting a donation answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.donation.id;
}

/** The signed-in receiver asks for a donation (the donor gets a donation_request notification). */
export async function requestDonation(page: Page, donationId: string): Promise<void> {
  const answer = await callApi(page, 'POST', `/api/donations/${donationId}/requests`, {
    notes: 'We can pick it up today.',
  });
  if (answer.status !== 201 && answer.status !== 200) {
    throw new Error(`Requesting answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}
