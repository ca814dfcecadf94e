import { useState } from 'react';

/**
 * A step of a page kept in its address (so the phone's Back button returns to the step before)
 * and shown at once when tapped. The router moves to a new address in a transition, which a slow
 * phone may take half a second to render: the tapped step is shown meanwhile, and once the
 * address changes (it caught up, or Back was pressed) the address decides again.
 */
export function useStepInAddress<T>(fromAddress: T): [T, (shown: T) => void] {
  const [tapped, setTapped] = useState<{ step: T } | null>(null);
  const [addressSeen, setAddressSeen] = useState(fromAddress);
  if (addressSeen !== fromAddress) {
    setAddressSeen(fromAddress);
    setTapped(null);
  }
  return [tapped ? tapped.step : fromAddress, (step: T) => setTapped({ step })];
}
