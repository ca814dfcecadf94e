import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, currentPushState, pushSupported } from './push-client';

describe('push client', () => {
  it('decodes a base64url VAPID key', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  it('reports an unsupported browser (jsdom has no push)', async () => {
    expect(pushSupported()).toBe(false);
    await expect(currentPushState()).resolves.toBe('unsupported');
  });
});
