import { describe, expect, it } from 'vitest';
import { ROLES } from '@annasetu/domain';
import { mayAttempt } from './chat.policy.js';

describe('chat policy', () => {
  for (const role of ROLES) {
    const donates = ['restaurant', 'individual', 'mess'].includes(role);
    it(`lets ${role} ask, ${donates ? 'with' : 'without'} their own donations`, () => {
      expect(mayAttempt({ role }, 'ask')).toBe(true);
      expect(mayAttempt({ role }, 'ownDonations')).toBe(donates);
    });
  }
});
