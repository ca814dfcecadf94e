import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { msUntilExpiry } from '@annasetu/domain';

/** The current time, refreshed every half minute so countdowns move without a reload. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "Expires in 5 h 20 min", "Expires in 12 min" or "Expired". */
export function expiryLabel(t: TFunction, expiryTime: string, now: number): string {
  const left = msUntilExpiry(expiryTime, now);
  if (left <= 0) return t('donations.expiry.expired');
  const hours = Math.floor(left / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  if (hours > 0) return t('donations.expiry.inHours', { hours, minutes });
  return t('donations.expiry.inMinutes', { minutes: Math.max(1, minutes) });
}

/** Less than an hour left: the card says so in a warmer colour. */
export function expiresSoon(expiryTime: string, now: number): boolean {
  const left = msUntilExpiry(expiryTime, now);
  return left > 0 && left < 3_600_000;
}
