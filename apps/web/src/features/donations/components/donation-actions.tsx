import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Donation } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { translateCode } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useGrabDonation } from '../api/donation-mutations';
import { isQueued } from '../../../offline/lib/queue';
import { useQueuedFor } from '../../../offline/hooks/use-queue';
import { RequestedDonations } from '../requested';

export type FeedKind = 'volunteer' | 'receiver';

interface DonationActionProps {
  donation: Donation;
  kind: FeedKind;
  onRequest: (donation: Donation) => void;
}

/** Grab (volunteers) or Request (receivers and individuals): the feed's one action per card. */
export function DonationAction({ donation, kind, onRequest }: DonationActionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const grab = useGrabDonation();
  // A grab already waiting for signal is not taken twice.
  const grabWaiting = useQueuedFor(donation.id).some(
    (a) => a.kind === 'grab' && a.state === 'waiting',
  );

  if (kind === 'receiver') return <RequestAction donation={donation} onRequest={onRequest} />;

  function handleGrab() {
    grab.mutate(donation, {
      onSuccess: () => {
        void toast.success(t('donations.toast.grabbed'));
        void navigate('/requests');
      },
      onError: (error) => {
        if (isQueued(error)) return void toast.success(translateCode(t, 'QUEUED_OFFLINE'));
        // Losing the race gets the seed's message; anything else "Failed to grab the request."
        const code =
          isApiError(error) && error.code === 'DONATION_UNAVAILABLE'
            ? 'DONATION_UNAVAILABLE'
            : isApiError(error) && error.status < 500 && error.code !== 'VALIDATION_FAILED'
              ? error.code
              : 'GRAB_FAILED';
        void toast.error(translateCode(t, code));
      },
    });
  }

  return (
    <Button size="sm" loading={grab.isPending} disabled={grabWaiting} onClick={handleGrab}>
      {t('donations.actions.grab')}
    </Button>
  );
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
