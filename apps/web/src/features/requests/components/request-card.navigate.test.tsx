import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { makeUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { RequestCard } from './request-card';

// "Navigate" on the cards of the pickups and drop-offs a person is matched to: the phone's own
// maps app at the exact point, OpenStreetMap beside it, and nothing for anyone else.

const DONOR = '00000000-0000-4000-8000-0000000000a1';
const BANK = '00000000-0000-4000-8000-0000000000b1';
const VOLUNTEER = '00000000-0000-4000-8000-0000000000c1';
const KITCHEN_POINT = { lat: 12.971234, lng: 77.594567 };
const BANK_POINT = { lat: 12.955678, lng: 77.612345 };

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A food bank's request, accepted by the donor and carried by the volunteer. */
const carried = {
  id: '00000000-0000-4000-8000-0000000000e1',
  donationId: '00000000-0000-4000-8000-0000000000d1',
  requesterId: BANK,
  requesterName: 'Seva Food Bank',
  foodType: 'Veg biryani',
  quantity: 10,
  unit: 'kg',
  status: 'accepted',
  donorId: DONOR,
  donorName: 'Annapurna Kitchen',
  donorAddress: '14 Church Street, Shivajinagar, Bengaluru',
  donorArea: 'Shivajinagar, Bengaluru',
  isVolunteerRequest: false,
  isRoutedByVolunteer: true,
  isSelfDelivery: false,
  volunteerId: VOLUNTEER,
  volunteerName: 'Ravi',
  destinationUserId: BANK,
  destinationName: 'Seva Food Bank',
  destinationAddress: '51 Lalbagh Road, Shanti Nagar, Bengaluru',
  destinationArea: 'Shanti Nagar, Bengaluru',
  pickupPoint: KITCHEN_POINT,
  dropoffPoint: BANK_POINT,
  createdAt: '2026-11-24T09:00:00.000Z',
} as FoodRequest;

const handlers = {
  onCollect: vi.fn(),
  onWithdraw: vi.fn(),
  onRelease: vi.fn(),
  onConfirmReceipt: vi.fn(),
};

class QuietObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', QuietObserver));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Renders the card for this user; resolves once it shows, with its unmount. */
async function showCard(
  request: FoodRequest,
  userId: string,
  role: 'volunteer' | 'foodbank' | 'restaurant',
) {
  const { unmount } = renderWithProviders(
    <RequestCard request={request} user={makeUser({ id: userId, role })} {...handlers} />,
  );
  await screen.findByRole('heading', { name: request.foodType });
  return unmount;
}

const link = (name: string) => screen.getByRole('link', { name });
const href = (name: string) => link(name).getAttribute('href');

describe('RequestCard: Navigate', () => {
  it("opens an Android phone's maps app at the exact pickup and drop-off", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    await showCard(carried, VOLUNTEER, 'volunteer');
    expect(href('Navigate to pickup')).toBe(
      'geo:12.971234,77.594567?q=12.971234,77.594567(Annapurna%20Kitchen)',
    );
    expect(href('Navigate to drop-off')).toBe(
      'geo:12.955678,77.612345?q=12.955678,77.612345(Seva%20Food%20Bank)',
    );
    // A geo: link hands over to the app: no new tab.
    expect(link('Navigate to pickup')).not.toHaveAttribute('target');
    const others = screen.getAllByRole('link', { name: 'Open in OpenStreetMap' });
    expect(others.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.openstreetmap.org/?mlat=12.971234&mlon=77.594567#map=18/12.971234/77.594567',
      'https://www.openstreetmap.org/?mlat=12.955678&mlon=77.612345#map=18/12.955678/77.612345',
    ]);
  });

  it('opens Apple Maps on an iPhone and Google Maps on a computer', async () => {
    const agent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const unmount = await showCard(carried, VOLUNTEER, 'volunteer');
    expect(href('Navigate to pickup')).toBe('https://maps.apple.com/?daddr=12.971234,77.594567');
    expect(link('Navigate to pickup')).toHaveAttribute('target', '_blank');
    agent.mockRestore();
    unmount();

    await showCard(carried, VOLUNTEER, 'volunteer');
    expect(href('Navigate to drop-off')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12.955678,77.612345',
    );
  });

  it('leaves only the drop-off once the food is collected', async () => {
    await showCard({ ...carried, status: 'collected' }, VOLUNTEER, 'volunteer');
    expect(screen.queryByRole('link', { name: 'Navigate to pickup' })).toBeNull();
    expect(href('Navigate to drop-off')).toContain('destination=12.955678,77.612345');
  });

  it('gives the donor who delivers it themselves the drop-off, and no pickup', async () => {
    const own = {
      ...carried,
      isRoutedByVolunteer: false,
      isSelfDelivery: true,
      volunteerId: null,
      volunteerName: null,
    } as FoodRequest;
    await showCard(own, DONOR, 'restaurant');
    expect(href('Navigate to drop-off')).toContain('destination=12.955678,77.612345');
    expect(screen.queryByRole('link', { name: 'Navigate to pickup' })).toBeNull();
  });

  it('has nothing to navigate for the receiver, nor for a donor whose food a volunteer carries', async () => {
    const unmount = await showCard(carried, BANK, 'foodbank');
    expect(screen.queryByRole('link', { name: /^Navigate/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in OpenStreetMap' })).toBeNull();
    unmount();
    await showCard(carried, DONOR, 'restaurant');
    expect(screen.queryByRole('link', { name: /^Navigate/ })).toBeNull();
  });
});
