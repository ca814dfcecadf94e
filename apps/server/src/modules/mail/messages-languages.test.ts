import { NOTIFICATION_TYPES, UI_LANGUAGES, type UiLanguage } from '@annasetu/domain';
import { describe, expect, it } from 'vitest';
import { message as serverMessage } from '../../messages/index.js';
import { pushMessageFor } from '../push/push-messages.js';
import { notificationMail } from './notification.mail.js';
import { passwordResetMail } from './password-reset.mail.js';

// The script each language is written in: a message "in Tamil" must be mostly Tamil letters.
const SCRIPT: Record<Exclude<UiLanguage, 'en'>, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  mr: /\p{Script=Devanagari}/u,
  pa: /\p{Script=Gurmukhi}/u,
  bn: /\p{Script=Bengali}/u,
  te: /\p{Script=Telugu}/u,
  kn: /\p{Script=Kannada}/u,
  ta: /\p{Script=Tamil}/u,
};
const data = { actorName: 'Ravi', foodType: 'Idli', donationId: 'd1', messageCode: 'on_my_way' };

/** Latin words left in a text once the names and the link we put in are taken out. */
function latinWords(text: string): string[] {
  return (
    text
      .replace(/https?:\/\/\S+/g, '')
      .replace(/Ravi|Idli/g, '')
      .match(/[A-Za-z]{2,}/g) ?? []
  );
}

describe('server message tables', () => {
  for (const language of UI_LANGUAGES.filter((l): l is Exclude<UiLanguage, 'en'> => l !== 'en')) {
    describe(language, () => {
      it('has a push text of its own for every notification type, with the names filled in', () => {
        for (const type of NOTIFICATION_TYPES) {
          const message = pushMessageFor(language, type, data);
          const english = pushMessageFor('en', type, data);
          expect(message.body, type).not.toBe(english.body);
          expect(message.body, type).toMatch(SCRIPT[language]);
          expect(message.title, type).toMatch(SCRIPT[language]);
          if (type === 'pickup_message') {
            // The title names the food; the body is who wrote what, in the reader's language.
            expect(message.title, type).toContain('Idli');
            const onMyWay = serverMessage(language, 'thread.quick.on_my_way');
            expect(onMyWay).toMatch(SCRIPT[language]);
            expect(message.body, type).toContain(onMyWay);
            expect(message.body, type).toContain('Ravi');
          } else {
            expect(message.body, type).toContain('Idli');
          }
          expect(`${message.title} ${message.body}`, type).not.toMatch(/[{}]/);
          expect(latinWords(`${message.title} ${message.body}`), type).toEqual([]);
          if (english.body.includes('Ravi')) expect(message.body, type).toContain('Ravi');
        }
      });

      it('writes the notification and password reset mails in the language', () => {
        const to = { email: 'a@example.in', name: 'Ravi', language };
        const mail = notificationMail(to, { type: 'request_accepted', data }, 'https://a.test');
        const reset = passwordResetMail(to, 'https://a.test/reset-password?token=x');
        for (const text of [mail.subject, mail.text, reset.subject, reset.text]) {
          expect(text).toMatch(SCRIPT[language]);
          expect(latinWords(text)).toEqual([]);
        }
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(reset.html).toContain(`<html lang="${language}">`);
      });
    });
  }
});
