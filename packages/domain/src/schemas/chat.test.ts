import { describe, expect, it } from 'vitest';
import { chatInputSchema } from './chat.js';
import { issueCodes } from './test-helpers.js';

describe('chatInputSchema', () => {
  it('trims the message and accepts every chat language', () => {
    for (const language of ['en', 'hi', 'te', 'ta', 'kn', 'mr', 'bn', 'pa']) {
      expect(chatInputSchema.parse({ message: '  How do I donate? ', language })).toEqual({
        message: 'How do I donate?',
        language,
      });
    }
  });

  it('accepts Indic scripts and several lines', () => {
    expect(
      issueCodes(chatInputSchema, { message: 'मैं खाना कैसे दान करूँ?\nধন্যবাদ', language: 'hi' }),
    ).toEqual([]);
  });

  it('refuses an empty or whitespace message', () => {
    for (const message of ['', '   \n ']) {
      expect(issueCodes(chatInputSchema, { message, language: 'en' })).toEqual([
        'message: CHAT_MESSAGE_EMPTY',
      ]);
    }
  });

  it('allows 1000 characters and refuses 1001', () => {
    expect(issueCodes(chatInputSchema, { message: 'a'.repeat(1000), language: 'en' })).toEqual([]);
    expect(issueCodes(chatInputSchema, { message: 'a'.repeat(1001), language: 'en' })).toEqual([
      'message: TEXT_TOO_LONG',
    ]);
  });

  it('refuses a language the assistant does not speak', () => {
    expect(issueCodes(chatInputSchema, { message: 'hi', language: 'fr' })).toEqual([
      'language: INVALID_VALUE',
    ]);
    expect(issueCodes(chatInputSchema, { message: 'hi' })).toEqual([
      'language: REQUIRED_FIELDS_MISSING',
    ]);
  });
});
