import { useCallback, useState } from 'react';
import type { Coordinates } from '@annasetu/domain';

export type DevicePositionState = 'idle' | 'locating' | 'found' | 'denied' | 'unavailable';

/**
 * Where the phone is, asked once when the person taps (never on page load: the browser's
 * permission prompt should follow a tap that explains it). A refusal or a failure leaves the
 * last known point in place and says which it was.
 */
export function useDevicePosition() {
  const [state, setState] = useState<DevicePositionState>('idle');
  const [position, setPosition] = useState<Coordinates | null>(null);

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState('unavailable');
      return;
    }
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setPosition({
          lat: Number(found.coords.latitude.toFixed(6)),
          lng: Number(found.coords.longitude.toFixed(6)),
        });
        setState('found');
      },
      (failure) => setState(failure.code === failure.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);

  return { state, position, locate };
}
