import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, notificationVariant, type AppNotification } from '@annasetu/domain';
import en from '../../../../public/locales/en/translation.json';
import hi from '../../../../public/locales/hi/translation.json';
import { createStaticI18n } from '../../../lib/i18n';
import { describeNotification, notificationHref } from './describe-notification';

const ID = '00000000-0000-4000-8000-000000000001';
const REQUEST = '00000000-0000-4000-8000-000000000002';

function notification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: ID,
    userId: ID,
    type: 'donation_request',
    title: 'New request for your donation',
    message: 'Asha requested "Veg biryani".',
    data: { donationId: ID, requestId: REQUEST, actorName: 'Asha', foodType: 'Veg biryani' },
    createdAt: new Date().toISOString(),
    isRead: false,
    readAt: null,
    ...overrides,
  };
}

describe('describeNotification', () => {
  const resources = { en: { translation: en }, hi: { translation: hi } };

  it('renders every type in the reader language from type and data', () => {
    const t = createStaticI18n(resources, 'hi').t;
    for (const type of NOTIFICATION_TYPES) {
      const text = describeNotification(t, notification({ type }));
      expect(text.title).not.toMatch(/notifications\./);
      // The food is named in the title or the message (a pickup message's title names it).
      expect(`${text.title} ${text.message}`).toContain('Veg biryani');
      expect(text.message).not.toContain('requested');
    }
    // A quick message reads in the reader's language; typed text as typed.
    const quick = { ...notification().data, messageCode: 'on_my_way' as const };
    expect(describeNotification(t, notification({ type: 'pickup_message', data: quick }))).toEqual({
      title: '"Veg biryani" के बारे में संदेश',
      message: 'Asha ने लिखा: मैं रास्ते में हूँ',
    });
    const typed = { ...notification().data, messageText: 'Gate 2, please' };
    expect(
      describeNotification(t, notification({ type: 'pickup_message', data: typed })).message,
    ).toBe('Asha ने लिखा: Gate 2, please');
    expect(describeNotification(t, notification()).message).toBe('Asha ने "Veg biryani" माँगा है।');
  });

  it('picks the quality variant of a collection notice and keeps a bare system notice as written', () => {
    const t = createStaticI18n(resources, 'en').t;
    const bad = notification({
      type: 'system',
      data: { foodType: 'Rice', actorName: 'Ravi', quality: 'bad' },
    });
    expect(notificationVariant(bad)).toBe('system_bad');
    expect(describeNotification(t, bad).title).toBe('Your food was not fit for people');
    const bare = notification({
      type: 'system',
      title: 'Welcome',
      message: 'Hello there',
      data: {},
    });
    expect(describeNotification(t, bare)).toEqual({ title: 'Welcome', message: 'Hello there' });
  });

  it('fills missing facts with neutral words', () => {
    const t = createStaticI18n(resources, 'en').t;
    const text = describeNotification(t, notification({ data: {} }));
    expect(text.message).toBe('Someone asked for "the food".');
  });
});

describe('notificationHref', () => {
  it('opens requests for request news and donations for donation news', () => {
    expect(notificationHref(notification())).toBe(`/requests?focus=${REQUEST}`);
    expect(
      notificationHref(notification({ type: 'donation_expired', data: { donationId: ID } })),
    ).toBe(`/donations?focus=${ID}`);
    expect(notificationHref(notification({ type: 'system', data: {} }))).toBeNull();
    // A pickup message opens its request with the conversation.
    expect(notificationHref(notification({ type: 'pickup_message' }))).toBe(
      `/requests?focus=${REQUEST}&thread=${REQUEST}`,
    );
  });
});
