import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useDonation } from '../../features/donations/api/get-donation';
import { DonationCard } from '../../features/donations/components/donation-card';
import { useNow } from '../../features/donations/lib/expiry';
import { DeliveryReceipt } from '../../features/requests/components/delivery-receipt';
import { translateError } from '../../lib/errors';
import { useSession } from '../../lib/session';
import '../../styles/donations.css';
import '../../styles/requests.css';

// The handover record is for the food's parties once it has left the donor: loaded then.
const HandoverSection = lazy(() =>
  import('../../features/requests/components/handover-section').then((module) => ({
    default: module.HandoverSection,
  })),
);
// The label dialog (and the PDF code behind it) loads only when the donor asks for a label.
const LabelDialog = lazy(() =>
  import('../../features/donations/components/label-dialog').then((module) => ({
    default: module.LabelDialog,
  })),
);

/**
 * One donation, at the address its container label's code carries (`/donations/:id`): the
 * donation as the server lets this reader see it, and, for the receiver it is being delivered
 * to, "Confirm receipt". Its donor can print the label again from here. Once the food has been
 * handed over, its parties find the handover record here (decision 0063). Anyone the server does
 * not let see it gets the seed's "no longer available" message.
 */
export function DonationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const now = useNow();
  const query = useDonation(id);
  const [labelOpen, setLabelOpen] = useState(false);
  // Once opened, the dialog stays on the page, so closing it returns focus to the button.
  const [labelOpened, setLabelOpened] = useState(false);
  if (!user) return null;
  const donation = query.data ?? null;
  const mine = donation !== null && donation.donorId === user.id;

  return (
    <div className="page">
      <PageHeader title={donation?.foodType ?? t('donationPage.title')} />
      <p>
        <Link to="/donations" className="text-link">
          {t('donationPage.back')}
        </Link>
      </p>
      {query.isPending ? <Spinner label={t('common.loading')} /> : null}
      {query.isError ? <Alert tone="error" title={translateError(t, query.error)} /> : null}
      {donation ? (
        <>
          <DonationCard
            donation={donation}
            now={now}
            showRequests={mine}
            actions={
              mine ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setLabelOpened(true);
                    setLabelOpen(true);
                  }}
                >
                  {t('label.print')}
                </Button>
              ) : null
            }
          />
          <DeliveryReceipt donationId={donation.id} user={user} />
          {/* Collected (or a donor's own delivery received): the food has been handed over. */}
          {donation.status === 'completed' || donation.status === 'rejected' ? (
            <Suspense fallback={null}>
              <HandoverSection donationId={donation.id} />
            </Suspense>
          ) : null}
          {labelOpened ? (
            <Suspense fallback={null}>
              <LabelDialog
                donation={labelOpen ? donation : null}
                onClose={() => setLabelOpen(false)}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export { DonationPage as Component };
