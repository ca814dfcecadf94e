import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { RequestCard } from './request-card';

const BANK = '00000000-0000-4000-8000-0000000000b1';
const REQUEST = '00000000-0000-4000-8000-0000000000e1';

const collected = {
  id: REQUEST,
  donationId: '00000000-0000-4000-8000-0000000000d1',
  foodType: 'Veg biryani',
  quantity: 10,
  unit: 'kg',
  status: 'collected',
  donorId: '00000000-0000-4000-8000-0000000000a1',
  donorName: 'Annapurna Kitchen',
  donorAddress: 'MG Road',
  volunteerId: '00000000-0000-4000-8000-0000000000c1',
  volunteerName: 'Ravi',
  destinationUserId: BANK,
  isVolunteerRequest: true,
  createdAt: '2026-11-24T09:00:00.000Z',
} as FoodRequest;

/** Stands in for the browser's IntersectionObserver, so a test says when a card comes near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  targets: Element[] = [];
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
  enter() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }));
    this.callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('RequestCard', () => {
  it('asks for the collection photo only once the card comes near the screen', async () => {
    const photoUrl = '/api/uploads/photos/00000000-0000-4000-8000-0000000000f1';
    const { calls } = mockApi({
      [`GET /api/uploads/requests/${REQUEST}/photo`]: { body: { photoUrl } },
    });
    const handlers = {
      onCollect: vi.fn(),
      onWithdraw: vi.fn(),
      onRelease: vi.fn(),
      onConfirmReceipt: vi.fn(),
    };
    renderWithProviders(
      <RequestCard
        request={collected}
        user={makeUser({ id: BANK, role: 'foodbank' })}
        {...handlers}
      />,
    );
    await screen.findByRole('heading', { name: 'Veg biryani' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((call) => call.url.endsWith('/photo'))).toHaveLength(0);
    expect(screen.queryByRole('img')).toBeNull();

    act(() => FakeObserver.all.forEach((observer) => observer.enter()));
    await waitFor(() => expect(screen.getByRole('img')).toHaveAttribute('src', photoUrl));
    expect(calls.filter((call) => call.url.endsWith('/photo'))).toHaveLength(1);
  });

  it('tells the volunteer holding a pickup when it is given back unless collected', async () => {
    mockApi({});
    const handlers = {
      onCollect: vi.fn(),
      onWithdraw: vi.fn(),
      onRelease: vi.fn(),
      onConfirmReceipt: vi.fn(),
    };
    renderWithProviders(
      <RequestCard
        request={{
          ...collected,
          status: 'accepted',
          destinationUserId: null,
          collectBy: '2026-11-24T11:00:00.000Z',
        }}
        user={makeUser({ id: collected.volunteerId!, role: 'volunteer' })}
        {...handlers}
      />,
    );
    const term = await screen.findByText('Collect by');
    const value = term.nextElementSibling!;
    expect(value.firstChild!.textContent).toMatch(/\d{1,2}:\d{2}/);
    // Not today: the day is shown with the time, or a deadline after midnight reads as past.
    expect(value.firstChild!.textContent).toMatch(/24 Nov/);
    expect(value).toHaveTextContent('Released automatically if not collected by then.');
  });

  it('makes the move once and says so once when the volunteer taps "Mark delivered" twice', async () => {
    const VOLUNTEER = collected.volunteerId!;
    const { calls } = mockApi({
      [`POST /api/requests/${REQUEST}/complete`]: {
        body: { request: { ...collected, status: 'fulfilled' } },
      },
    });
    const handlers = {
      onCollect: vi.fn(),
      onWithdraw: vi.fn(),
      onRelease: vi.fn(),
      onConfirmReceipt: vi.fn(),
    };
    renderWithProviders(
      <RequestCard
        request={collected}
        user={makeUser({ id: VOLUNTEER, role: 'volunteer' })}
        {...handlers}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Mark delivered' });
    // Two taps in one go, before the button can show it is busy.
    act(() => {
      button.click();
      button.click();
    });
    expect(await screen.findByText('Marked delivered. You earned 5 tokens.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText('Error updating request status')).toBeNull();
  });

  it('asks the food bank what arrived on a card the volunteer marked delivered, until it is recorded', async () => {
    mockApi({});
    const onConfirmReceipt = vi.fn();
    const delivered = {
      ...collected,
      status: 'fulfilled',
      arrivalCondition: null,
      pickedQuantity: 9,
      receivedQuantity: null,
    } as FoodRequest;
    const handlers = { onCollect: vi.fn(), onWithdraw: vi.fn(), onRelease: vi.fn() };
    const { unmount } = renderWithProviders(
      <RequestCard
        request={delivered}
        user={makeUser({ id: BANK, role: 'foodbank' })}
        onConfirmReceipt={onConfirmReceipt}
        {...handlers}
      />,
    );
    // The amount picked up shows beside the donor's estimate.
    expect(screen.getByText('Amount picked up: 9 kg')).toBeVisible();
    screen.getByRole('button', { name: 'Record what arrived' }).click();
    expect(onConfirmReceipt).toHaveBeenCalledWith(delivered, false);
    unmount();

    // The donor has nothing to record; nor has the food bank once both are recorded.
    for (const [user, request] of [
      [makeUser({ id: delivered.donorId, role: 'restaurant' }), delivered],
      [
        makeUser({ id: BANK, role: 'foodbank' }),
        { ...delivered, arrivalCondition: 'good', receivedQuantity: 10 } as FoodRequest,
      ],
    ] as const) {
      const shown = renderWithProviders(
        <RequestCard request={request} user={user} onConfirmReceipt={vi.fn()} {...handlers} />,
      );
      await screen.findByRole('heading', { name: 'Veg biryani' });
      expect(screen.queryByRole('button', { name: 'Record what arrived' })).toBeNull();
      shown.unmount();
    }
  });
});
