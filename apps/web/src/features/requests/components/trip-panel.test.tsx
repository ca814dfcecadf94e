import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Coordinates, FoodRequest } from '@annasetu/domain';
import { makeUser } from '../../../testing/fixtures';
import { VOLUNTEER, volunteerJob } from '../../../testing/jobs';
import { renderWithProviders } from '../../../testing/render';
import { TripPanel } from './trip-panel';

// One street in Bengaluru, west to east: 0.01 degree of longitude is about 1.08 km.
const at = (x: number): Coordinates => ({ lat: 12.97, lng: Number((77.5 + x / 100).toFixed(6)) });

/** A receiver's request the volunteer carries: kitchen `n` at x = n, food bank `n` at x = n + 3. */
function job(n: number, overrides: Partial<FoodRequest> = {}): FoodRequest {
  return volunteerJob(n, { pickupPoint: at(n), dropoffPoint: at(n + 3), ...overrides });
}

const volunteer = makeUser({ id: VOLUNTEER, role: 'volunteer', coordinates: at(0) });
const THREE_JOBS = [job(3), job(1), job(2)];

/** The stops as the panel lists them: "Pickup Kitchen 1", "Drop-off Seva Bank 1", ... */
function listedStops(): string[] {
  const list = screen.getByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const kind = item.querySelector('.chip')!.textContent;
      const name = item.querySelector('.trip__name')!.textContent;
      return `${kind} ${name}`;
    });
}

/** The points the whole-trip link visits, in order (waypoints, then destination). */
function linkStops(): { origin: string | null; stops: string[] } {
  const href = screen.getByRole('link', { name: 'Open the whole trip' }).getAttribute('href')!;
  const params = new URL(href).searchParams;
  expect(href.startsWith('https://www.google.com/maps/dir/?api=1&')).toBe(true);
  return {
    origin: params.get('origin'),
    stops: [...(params.get('waypoints')?.split('|') ?? []), params.get('destination')!],
  };
}

const text = (p: Coordinates) => `${p.lat},${p.lng}`;

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'geolocation');
});

/** Stands in for the browser's geolocation: the next ask answers with `answer`. */
function stubGeolocation(answer: Coordinates | 'denied') {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback) => {
    if (answer === 'denied') {
      failed?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
    } else {
      found({ coords: { latitude: answer.lat, longitude: answer.lng } } as GeolocationPosition);
    }
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

describe('TripPanel', () => {
  it("lists three jobs' six stops from the volunteer's saved point, each pickup first", async () => {
    renderWithProviders(<TripPanel user={volunteer} requests={THREE_JOBS} />);
    await screen.findByRole('heading', { name: 'Your trip' });
    expect(listedStops()).toEqual([
      'Pickup Kitchen 1',
      'Pickup Kitchen 2',
      'Pickup Kitchen 3',
      'Drop-off Seva Bank 1',
      'Drop-off Seva Bank 2',
      'Drop-off Seva Bank 3',
    ]);
    expect(screen.getByText(/6 stops in a short order/)).toHaveTextContent(
      'Starting from your saved location.',
    );
    // Distances: 1.1 km from the start to the first kitchen, the same to each next stop.
    expect(screen.getByText('1.1 km from the start')).toBeInTheDocument();
  });

  it('opens every stop, in the listed order, with one link from where the volunteer starts', async () => {
    renderWithProviders(<TripPanel user={volunteer} requests={THREE_JOBS} />);
    await screen.findByRole('heading', { name: 'Your trip' });
    const { origin, stops } = linkStops();
    expect(origin).toBe(text(at(0)));
    expect(stops).toEqual([at(1), at(2), at(3), at(4), at(5), at(6)].map(text));
    expect(screen.queryAllByRole('link', { name: /^Open part/ })).toHaveLength(0);
  });

  it('reorders from where the phone is once "Use my location" finds it', async () => {
    const ask = stubGeolocation(at(3.5));
    renderWithProviders(<TripPanel user={volunteer} requests={THREE_JOBS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(ask).toHaveBeenCalledOnce();
    // Between the kitchens and the banks: the nearest kitchen first, the banks on the way back.
    expect(listedStops()).toEqual([
      'Pickup Kitchen 3',
      'Pickup Kitchen 2',
      'Pickup Kitchen 1',
      'Drop-off Seva Bank 1',
      'Drop-off Seva Bank 2',
      'Drop-off Seva Bank 3',
    ]);
    expect(screen.getByText(/6 stops/)).toHaveTextContent('Starting from where you are now.');
    const { origin, stops } = linkStops();
    expect(origin).toBe(text(at(3.5)));
    expect(stops).toEqual([at(3), at(2), at(1), at(4), at(5), at(6)].map(text));
  });

  it('keeps the order and says why when location is refused', async () => {
    stubGeolocation('denied');
    renderWithProviders(<TripPanel user={volunteer} requests={THREE_JOBS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/Location permission was denied/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(listedStops()[0]).toBe('Pickup Kitchen 1');
    expect(linkStops().origin).toBe(text(at(0)));
  });

  it('says so when the browser has no location at all', async () => {
    renderWithProviders(<TripPanel user={volunteer} requests={THREE_JOBS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/could not be found/)).toHaveAttribute('role', 'status');
  });

  it('starts at the first stop when the saved point is in another city (the default)', async () => {
    const faraway = makeUser({
      id: VOLUNTEER,
      role: 'volunteer',
      coordinates: { lat: 28.6139, lng: 77.209 },
    });
    renderWithProviders(<TripPanel user={faraway} requests={THREE_JOBS} />);
    await screen.findByRole('heading', { name: 'Your trip' });
    expect(screen.getByText(/6 stops/)).toHaveTextContent('Starting from the first stop');
    expect(linkStops().origin).toBeNull();
    expect(screen.queryByText(/from the start/)).toBeNull();
  });

  it('gives food already on board only its drop-off, and shows nothing for a single job', async () => {
    const { unmount } = renderWithProviders(
      <TripPanel user={volunteer} requests={[job(1, { status: 'collected' }), job(2)]} />,
    );
    await screen.findByRole('heading', { name: 'Your trip' });
    expect(listedStops()).toEqual([
      'Pickup Kitchen 2',
      'Drop-off Seva Bank 1',
      'Drop-off Seva Bank 2',
    ]);
    unmount();
    renderWithProviders(<TripPanel user={volunteer} requests={[job(1)]} />);
    expect(screen.queryByRole('heading', { name: 'Your trip' })).toBeNull();
  });

  it("puts nobody else's jobs on the trip", async () => {
    const others = THREE_JOBS.map((r) => ({ ...r, volunteerId: 'someone-else' }));
    renderWithProviders(<TripPanel user={volunteer} requests={others} />);
    expect(screen.queryByRole('heading', { name: 'Your trip' })).toBeNull();
  });
});
