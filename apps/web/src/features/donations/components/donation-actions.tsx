import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Donation } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { GrabAction } from '../grab-action';
import { RequestedDonations } from '../requested';
export type FeedKind = 'volunteer' | 'receiver';

interface DonationActionProps {
  donation: Donation;
  kind: FeedKind;
  onRequest: (donation: Donation) => void;
}

/**
 * Grab (volunteers) or Request (receivers and individuals): the feed's one action per card. The
 * grab comes from the route (`GrabAction`): carrying food is the requests feature's.
 */
export function DonationAction({ donation, kind, onRequest }: DonationActionProps) {
  const Grab = useContext(GrabAction);
  if (kind === 'receiver') return <RequestAction donation={donation} onRequest={onRequest} />;
  return Grab ? <Grab donation={donation} /> : null;
}

/** Request, or "Requested" once the person has an open request on this donation. */
function RequestAction({ donation, onRequest }: Omit<DonationActionProps, 'kind'>) {
  const { t } = useTranslation();
  if (useContext(RequestedDonations).has(donation.id)) {
    return (
      <Button size="sm" variant="secondary" disabled>
        {t('donations.actions.requested')}
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={() => onRequest(donation)}>
      {t('donations.actions.request')}
    </Button>
  );
}
