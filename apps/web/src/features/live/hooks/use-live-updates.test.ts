import { describe, expect, it } from 'vitest';
import { keysForEvent } from './use-live-updates';

describe('keysForEvent', () => {
  it('refreshes what each kind of event changes', () => {
    expect(keysForEvent('notification')).toEqual([['notifications']]);
    expect(keysForEvent('donation')).toEqual([['donations'], ['requests']]);
    expect(keysForEvent('request')).toEqual([['donations'], ['requests']]);
    expect(keysForEvent('resync')).toBe('all');
    expect(keysForEvent('ready')).toEqual([]);
  });
});
