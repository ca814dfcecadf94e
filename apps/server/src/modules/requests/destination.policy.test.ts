import { describe, expect, it } from 'vitest';
import { DESTINATION_TYPES, ROLES } from '@annasetu/domain';
import { mayReceiveAs } from './destination.policy.js';

describe('collections policy: who may be named a destination', () => {
  for (const type of DESTINATION_TYPES) {
    it(`accepts only an active ${type} account as a ${type}`, () => {
      for (const role of ROLES) {
        expect(mayReceiveAs({ role, suspendedAt: null }, type)).toBe(role === type);
        expect(mayReceiveAs({ role, suspendedAt: new Date() }, type)).toBe(false);
      }
      expect(mayReceiveAs(undefined, type)).toBe(false);
    });
  }
});
