import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESTINATION_TYPES, type AppNotification, type DestinationType } from '@annasetu/domain';
import { DestinationPicker } from '../../../components/destination-picker';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import {
  useDeliverDonationMyself,
  useExtendDonation,
  useWithdrawDonation,
} from '../api/coverage-actions';

/** Hours a tap on "keep it on offer longer" adds. */
const EXTEND_HOURS = 2;

/**
 * The donor's three choices when their donation is still unclaimed late in its life: deliver it
 * themselves (to a receiver they pick), keep it on offer longer, or withdraw it.
 */
export function CoverageActions({ notification }: { notification: AppNotification }) {
  const { t } = useTranslation();
  const id = notification.data.donationId;
  const extend = useExtendDonation();
  const withdraw = useWithdrawDonation();
  const deliver = useDeliverDonationMyself();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<DestinationType | ''>('');
  const [userId, setUserId] = useState('');
  if (!id) return null;

  const failed = (error: unknown) =>
    toast.error(isApiError(error) ? translateError(t, error) : t('notifications.coverage.error'));

  return (
    <div className="notice__coverage-actions" data-testid="coverage-actions">
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('notifications.coverage.deliver')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        loading={extend.isPending}
        onClick={() =>
          extend.mutate(
            { id, hours: EXTEND_HOURS },
            {
              onSuccess: () => toast.success(t('notifications.coverage.extended')),
              onError: failed,
            },
          )
        }
      >
        {t('notifications.coverage.extend')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        loading={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(id, {
            onSuccess: () => toast.success(t('notifications.coverage.withdrawn')),
            onError: failed,
          })
        }
      >
        {t('notifications.coverage.withdraw')}
      </Button>
      <Dialog
        open={open}
        title={t('notifications.coverage.deliverTitle')}
        onClose={() => setOpen(false)}
        busy={deliver.isPending}
        footer={
          <Button
            disabled={!type || !userId}
            loading={deliver.isPending}
            onClick={() =>
              type &&
              deliver.mutate(
                { id, input: { destinationType: type, destinationUserId: userId } },
                {
                  onSuccess: () => {
                    setOpen(false);
                    toast.success(t('notifications.coverage.delivered'));
                  },
                  onError: failed,
                },
              )
            }
          >
            {t('notifications.coverage.deliverConfirm')}
          </Button>
        }
      >
        <p>{t('notifications.coverage.deliverIntro')}</p>
        <DestinationPicker
          types={DESTINATION_TYPES}
          type={type}
          userId={userId}
          onTypeChange={(next) => {
            setType(next);
            setUserId('');
          }}
          onUserChange={(next) => setUserId(next)}
        />
      </Dialog>
    </div>
  );
}
