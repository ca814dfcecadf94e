import { describe, expect, it } from 'vitest';
import { notificationListQuerySchema, notificationSchema } from './notification.js';
import { analyticsRangeQuerySchema } from './stats.js';
import { scheduleSelfDeliveryInputSchema } from './self-delivery.js';
import { issueCodes } from './test-helpers.js';

describe('notificationListQuerySchema', () => {
  it('defaults to 50 items and caps at 50', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(issueCodes(notificationListQuerySchema, { limit: '51' })).toEqual([
      'limit: INVALID_VALUE',
    ]);
  });

  it('filters by type and unread', () => {
    expect(
      notificationListQuerySchema.parse({ type: 'request_accepted', unreadOnly: 'true' }),
    ).toEqual({ type: 'request_accepted', unreadOnly: true, limit: 50 });
    expect(issueCodes(notificationListQuerySchema, { type: 'spam' })).toEqual([
      'type: INVALID_VALUE',
    ]);
  });
});

describe('notificationSchema', () => {
  it('accepts a read notification with links', () => {
    const result = notificationSchema.safeParse({
      id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
      userId: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6c',
      type: 'donation_request',
      title: 'New request',
      message: 'A food bank requested your donation',
      data: { donationId: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6d' },
      createdAt: '2025-03-01T12:00:00Z',
      isRead: true,
      readAt: '2025-03-01T12:05:00+05:30',
    });
    expect(result.success).toBe(true);
  });
});

describe('analyticsRangeQuerySchema', () => {
  it('accepts 7, 30, 90 and all, or nothing', () => {
    for (const range of ['7', '30', '90', 'all']) {
      expect(analyticsRangeQuerySchema.parse({ range })).toEqual({ range });
    }
    expect(analyticsRangeQuerySchema.parse({})).toEqual({});
    expect(issueCodes(analyticsRangeQuerySchema, { range: '365' })).toEqual([
      'range: INVALID_VALUE',
    ]);
  });
});

describe('scheduleSelfDeliveryInputSchema', () => {
  it('needs the donation, a destination type and a destination user', () => {
    expect(
      issueCodes(scheduleSelfDeliveryInputSchema, {
        donationId: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
      }),
    ).toEqual(['destinationType: DESTINATION_REQUIRED', 'destinationUserId: DESTINATION_REQUIRED']);
  });
});
