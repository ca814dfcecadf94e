import type { MapPlatform } from '@annasetu/domain';

/** What of `navigator` the guess reads (a parameter, so tests can pass any phone). */
export interface NavigatorHints {
  userAgent?: string;
  maxTouchPoints?: number;
  /** User-Agent Client Hints (Chromium): the platform without parsing the user agent. */
  userAgentData?: { platform?: string } | undefined;
}

/**
 * Which maps app a link should open: Android phones take `geo:` links to their default maps
 * app, iPhones and iPads Apple Maps links, everything else a Google Maps web link. An iPad
 * asking for the desktop site says "Macintosh" but has a touch screen.
 */
export function mapPlatformOf(
  hints: NavigatorHints | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): MapPlatform {
  if (!hints) return 'other';
  const platform = hints.userAgentData?.platform?.toLowerCase() ?? '';
  const agent = hints.userAgent ?? '';
  if (platform === 'android' || /\bAndroid\b/i.test(agent)) return 'android';
  if (platform === 'ios' || /\b(iPhone|iPad|iPod)\b/.test(agent)) return 'ios';
  if (/\bMacintosh\b/.test(agent) && (hints.maxTouchPoints ?? 0) > 1) return 'ios';
  return 'other';
}
