import { describe, expect, it } from 'vitest';
import { mapPlatformOf } from './map-platform';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('mapPlatformOf', () => {
  it('finds Android and iOS phones by their user agent', () => {
    expect(mapPlatformOf({ userAgent: ANDROID })).toBe('android');
    expect(mapPlatformOf({ userAgent: IPHONE })).toBe('ios');
  });

  it('trusts the client hints when the user agent is reduced', () => {
    expect(mapPlatformOf({ userAgent: LINUX, userAgentData: { platform: 'Android' } })).toBe(
      'android',
    );
  });

  it('takes an iPad asking for the desktop site for iOS, a Mac for a computer', () => {
    expect(mapPlatformOf({ userAgent: MAC, maxTouchPoints: 5 })).toBe('ios');
    expect(mapPlatformOf({ userAgent: MAC, maxTouchPoints: 0 })).toBe('other');
  });

  it('sends computers and unknown browsers to the web link', () => {
    expect(mapPlatformOf({ userAgent: LINUX, userAgentData: { platform: 'Linux' } })).toBe('other');
    expect(mapPlatformOf(undefined)).toBe('other');
  });
});
