import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isReceiverRole, type FoodRequest, type UserProfile } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { useIncoming } from '../api/get-incoming';
import { incomingStage, type IncomingStage } from '../lib/incoming';
import { FeedbackAction } from './feedback-action';
import { LazyReceiptDialog } from './lazy-receipt-dialog';

// Each stage in the colours of the request status it stands for.
const STAGE_STATUS: Record<IncomingStage, FoodRequest['status']> = {
  awaiting: 'pending',
  accepted: 'accepted',
  onTheWay: 'collected',
  received: 'fulfilled',
};

interface DeliveryReceiptProps {
  donationId: string;
  user: UserProfile;
}

/**
 * On a donation's page (opened from the code on its label): the delivery of that donation to
 * the signed-in receiver, where it stands, "Confirm receipt" once it can be confirmed
 * (collected, or a donor's own delivery) and the rating once received. Nothing for anyone it is
 * not addressed to.
 */
export function DeliveryReceipt({ donationId, user }: DeliveryReceiptProps) {
  const { t } = useTranslation();
  const incoming = useIncoming(isReceiverRole(user.role));
  const [receiving, setReceiving] = useState<{
    request: FoodRequest;
    selfDelivery: boolean;
  } | null>(null);
  const mine = (incoming.data ?? []).filter(
    (request) => request.donationId === donationId && request.destinationUserId === user.id,
  );
  if (mine.length === 0) return null;

  return (
    <section className="panel page__section" aria-labelledby="delivery-receipt-title">
      <h2 id="delivery-receipt-title" className="section-heading">
        {t('donationPage.delivery')}
      </h2>
      {mine.map((request) => {
        // A donor's own delivery is confirmed straight from accepted (no collection step).
        const selfDelivery = request.status === 'accepted' && request.isSelfDelivery;
        const canConfirm = request.status === 'collected' || selfDelivery;
        return (
          <div key={request.id} className="item-card__actions" data-testid="delivery-receipt">
            <span className={`status status--${STAGE_STATUS[incomingStage(request)]}`}>
              {t(`dashboard.incoming.stages.${incomingStage(request)}`)}
            </span>
            {canConfirm ? (
              <Button size="sm" onClick={() => setReceiving({ request, selfDelivery })}>
                {t('requests.actions.confirmReceipt')}
              </Button>
            ) : request.status === 'fulfilled' ? (
              <>
                {/* Marked delivered by the volunteer: how much arrived and how, still to be recorded. */}
                {request.arrivalCondition === null || request.receivedQuantity === null ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setReceiving({ request, selfDelivery: false })}
                  >
                    {t('handover.arrival.record')}
                  </Button>
                ) : null}
                <FeedbackAction request={request} />
              </>
            ) : (
              <p className="field__hint">{t('donationPage.notYet')}</p>
            )}
          </div>
        );
      })}
      <LazyReceiptDialog target={receiving} onClose={() => setReceiving(null)} />
    </section>
  );
}
