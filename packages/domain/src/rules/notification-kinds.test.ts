import { describe, expect, it } from 'vitest';
import { ROLES } from '../constants/roles.js';
import { NOTIFICATION_TYPES } from '../constants/statuses.js';
import { NOTIFICATION_RECIPIENTS, notificationTypesFor } from './notification-kinds.js';

describe('notificationTypesFor', () => {
  it('gives a volunteer the alerts for food to carry, and none of a donor’s or a requester’s', () => {
    const kinds = notificationTypesFor('volunteer');
    expect(kinds).toContain('coverage_alert');
    expect(kinds).toContain('delivery_completed');
    expect(kinds).not.toContain('donation_request');
    expect(kinds).not.toContain('incoming_delivery');
  });

  it('gives an individual, who both gives and asks, both sides', () => {
    const kinds = notificationTypesFor('individual');
    expect(kinds).toEqual(expect.arrayContaining(['donation_request', 'request_accepted']));
    expect(kinds).not.toContain('coverage_alert');
  });

  it('gives admins every kind, and every kind reaches someone, in the usual order', () => {
    expect(notificationTypesFor('admin')).toEqual([...NOTIFICATION_TYPES]);
    for (const type of NOTIFICATION_TYPES)
      expect(NOTIFICATION_RECIPIENTS[type].length).toBeGreaterThan(0);
    for (const role of ROLES) {
      const kinds = notificationTypesFor(role);
      expect(kinds).toContain('system');
      expect(kinds).toEqual(NOTIFICATION_TYPES.filter((type) => kinds.includes(type)));
    }
  });
});
