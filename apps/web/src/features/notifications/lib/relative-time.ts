import { formatRelativeTime } from '../../../lib/format';

/** "5 minutes ago" in the reader's language; "now" for the last few seconds. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  return formatRelativeTime(iso, language, now);
}
