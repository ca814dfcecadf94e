import { describe, expect, it } from 'vitest';
import {
  threadPartiesOf,
  threadPartyOf,
  threadWindow,
  type ThreadRequest,
} from './pickup-thread.js';

const DAY = 86_400_000;
const now = new Date('2026-11-29T06:00:00Z');

const request = (changes: Partial<ThreadRequest> = {}): ThreadRequest => ({
  status: 'accepted',
  donorId: 'donor',
  requesterId: 'bank',
  volunteerId: 'rider',
  destinationUserId: 'bank',
  isVolunteerRequest: false,
  updatedAt: now,
  fulfilledAt: null,
  ...changes,
});

describe('who takes part in a pickup conversation', () => {
  it('is the donor, the volunteer and the receiver, each once', () => {
    expect(threadPartiesOf(request())).toEqual(['donor', 'rider', 'bank']);
    expect(threadPartyOf('rider', request())).toBe('volunteer');
    expect(threadPartyOf('bank', request())).toBe('receiver');
    expect(threadPartyOf('someone', request())).toBeNull();
  });

  it('drops a food bank that asked once the food went to a nursery instead', () => {
    const elsewhere = request({ destinationUserId: 'nursery', status: 'collected' });
    expect(threadPartyOf('bank', elsewhere)).toBeNull();
    expect(threadPartiesOf(elsewhere)).toEqual(['donor', 'rider', 'nursery']);
  });

  it('counts a volunteer carrying a grab as the volunteer, not a receiver', () => {
    const grab = request({
      requesterId: 'rider',
      isVolunteerRequest: true,
      destinationUserId: null,
    });
    expect(threadPartiesOf(grab)).toEqual(['donor', 'rider']);
    expect(threadPartyOf('rider', grab)).toBe('volunteer');
  });
});

describe('when a pickup conversation can be written to', () => {
  it('never before the match, always during it, and for a week after it ended', () => {
    expect(threadWindow(request({ status: 'pending' }), now).canWrite).toBe(false);
    expect(threadWindow(request({ status: 'rejected' }), now).canWrite).toBe(false);
    expect(threadWindow(request({ status: 'collected' }), now)).toEqual({
      canWrite: true,
      writableUntil: null,
    });
    const ended = new Date(now.getTime() - 6 * DAY);
    const fulfilled = request({ status: 'fulfilled', fulfilledAt: ended });
    expect(threadWindow(fulfilled, now)).toEqual({
      canWrite: true,
      writableUntil: new Date(ended.getTime() + 7 * DAY),
    });
    expect(threadWindow(fulfilled, new Date(ended.getTime() + 7 * DAY)).canWrite).toBe(false);
    const released = request({ status: 'cancelled', updatedAt: new Date(now.getTime() - 8 * DAY) });
    expect(threadWindow(released, now).canWrite).toBe(false);
  });
});
