import { lazy } from 'react';
import type { UserProfile } from '@annasetu/domain';
import { DonationForm } from '../features/donations/components/donation-form';
import { useRepeatSlot } from '../features/series/components/repeat-fields';

// The map library loads only when the form's pickup map is on screen.
const PickupMap = lazy(() => import('../features/map/components/pickup-map'));

/**
 * The donation form with its "repeat" option (recurring donations), loaded as one piece with
 * its form library for donors only (decision 0045): nobody else downloads the repeat fields.
 */
export function DonorForm({ user }: { user: UserProfile }) {
  const repeat = useRepeatSlot();
  return <DonationForm user={user} PickupMap={PickupMap} repeat={repeat} />;
}
