import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Donation } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { translateCode } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { isQueued } from '../../../offline/lib/queue';
import { useQueuedFor } from '../../../offline/hooks/use-queue';
import { useGrab } from '../api/carrying-moves';

/** A volunteer takes a posted donation to carry: the first to grab wins, then their pickups. */
export function GrabButton({ donation }: { donation: Donation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const grab = useGrab();
  // A grab already waiting for signal is not taken twice.
  const grabWaiting = useQueuedFor(donation.id).some(
    (a) => a.kind === 'grab' && a.state === 'waiting',
  );

  function handleGrab() {
    grab.mutate(donation, {
      onSuccess: () => {
        void toast.success(t('donations.toast.grabbed'));
        void navigate('/requests');
      },
      onError: (error) => {
        if (isQueued(error)) return void toast.success(translateCode(t, 'QUEUED_OFFLINE'));
        // Not trained yet (or the pass has ended): said, and the course opens.
        if (isApiError(error) && error.code === 'HYGIENE_TRAINING_REQUIRED') {
          void toast.error(translateCode(t, error.code));
          void navigate('/training');
          return;
        }
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
