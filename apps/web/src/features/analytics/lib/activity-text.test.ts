import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Donation, FoodRequest } from '@annasetu/domain';
import type { ActivityItem } from '../api/get-activity';
import { activityStatus, activityText } from './activity-text';

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}|${values.food ?? ''}|${values.volunteer ?? ''}` : key) as unknown as TFunction;

const req = (overrides: Partial<FoodRequest>): ActivityItem => ({
  kind: 'request',
  at: '2026-11-01T00:00:00.000Z',
  request: {
    foodType: 'Dal',
    quantity: 5,
    unit: 'meals',
    requesterId: 'bank',
    requesterName: 'Bank',
    donorId: 'donor',
    donorName: 'Donor',
    volunteerId: null,
    volunteerName: null,
    destinationUserId: null,
    destinationName: null,
    status: 'accepted',
    ...overrides,
  } as FoodRequest,
});

describe('activityText', () => {
  it("describes a request from the reader's side, in the present or past", () => {
    const carried = { volunteerId: 'v', volunteerName: 'Vee', destinationUserId: 'bank' };
    expect(activityText(req(carried), 'v', t)).toBe('impact.activity.carrying|Dal|');
    expect(activityText(req({ ...carried, status: 'fulfilled' }), 'v', t)).toBe(
      'impact.activity.delivered|Dal|',
    );
    expect(activityText(req({ ...carried, requesterId: 'v' }), 'bank', t)).toBe(
      'impact.activity.incoming|Dal|',
    );
    expect(
      activityText(req({ ...carried, requesterId: 'v', status: 'fulfilled' }), 'bank', t),
    ).toBe('impact.activity.received|Dal|');
    expect(activityText(req({}), 'bank', t)).toBe('impact.activity.requested|Dal|');
    expect(activityText(req({}), 'donor', t)).toBe('impact.activity.requestOnYours|Dal|');
    expect(activityText(req({ ...carried, status: 'fulfilled' }), 'donor', t)).toBe(
      'impact.activity.volunteerDelivered|Dal|Vee',
    );
  });

  it('never tells a volunteer they carry their own grab to themselves', () => {
    // Grabbed by the volunteer (the requester), no destination until the collection.
    const grabbed = {
      requesterId: 'v',
      requesterName: 'Vee',
      volunteerId: 'v',
      volunteerName: 'Vee',
    };
    expect(activityText(req(grabbed), 'v', t)).toBe('impact.activity.pickingUp|Dal|');
    // Once a destination is chosen, it is named.
    const names = ((key: string, values?: Record<string, unknown>) =>
      `${key}|${String(values?.destination)}`) as unknown as TFunction;
    const routed = { ...grabbed, destinationUserId: 'bank', destinationName: 'Seva Bank' };
    expect(activityText(req(routed), 'v', names)).toBe('impact.activity.carrying|Seva Bank');
    // A receiver's own request carried by a volunteer goes to that receiver.
    const forBank = { volunteerId: 'v', volunteerName: 'Vee' };
    expect(activityText(req(forBank), 'v', names)).toBe('impact.activity.carrying|Bank');
  });

  it('describes a donation and gives the status of either kind', () => {
    const item: ActivityItem = {
      kind: 'donation',
      at: '2026-11-01T00:00:00.000Z',
      donation: { foodType: 'Rice', quantity: 3, unit: 'kg', status: 'pending' } as Donation,
    };
    expect(activityText(item, 'donor', t)).toBe('impact.activity.donated|Rice|');
    expect(activityStatus(item)).toBe('pending');
    expect(activityStatus(req({ status: 'collected' }))).toBe('collected');
  });
});
