import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { VOLUNTEER, stubIntersectionObserver, volunteerJob } from '../../../testing/jobs';
import { renderWithProviders } from '../../../testing/render';
import { RequestsBoard } from './requests-board';

const job = (n: number) => volunteerJob(n);

beforeEach(stubIntersectionObserver);
afterEach(() => vi.unstubAllGlobals());

describe('RequestsBoard: the trip', () => {
  it("shows a volunteer's three jobs as one trip above their requests, and asks no one else", async () => {
    const jobs = [job(1), job(2), job(3)];
    const { calls } = mockApi({
      'GET /api/requests': { body: { items: jobs, nextCursor: null } },
      'GET /api/requests/trip': { body: { items: jobs } },
    });
    const user = makeUser({
      id: VOLUNTEER,
      role: 'volunteer',
      coordinates: { lat: 12.97, lng: 77.5 },
    });
    renderWithProviders(<RequestsBoard user={user} />);
    const trip = (await screen.findByRole('heading', { name: 'Your trip' })).closest('section')!;
    expect(within(trip).getAllByRole('listitem')).toHaveLength(6);
    const whole = within(trip).getByRole('link', { name: 'Open the whole trip' });
    const params = new URL(whole.getAttribute('href')!).searchParams;
    expect(params.get('waypoints')!.split('|')).toHaveLength(5);
    // Above the list: the trip comes first in the page.
    const list = screen.getByRole('heading', { name: 'Your requests' });
    expect(trip.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/requests/trip')).toHaveLength(1);
  });

  it('does not ask a food bank for a trip', async () => {
    const { calls } = mockApi({
      'GET /api/requests': { body: { items: [], nextCursor: null } },
      'GET /api/requests/incoming': { body: { items: [] } },
    });
    renderWithProviders(<RequestsBoard user={makeUser({ role: 'foodbank' })} />);
    await screen.findByRole('heading', { name: 'Your requests' });
    expect(screen.queryByRole('heading', { name: 'Your trip' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/requests/trip')).toBe(false);
  });
});
