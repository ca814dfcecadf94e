import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUALITIES, TEXT_LIMITS, type FoodRequest, type Quality } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';
import { requestActions, useRequestAction } from '../api/request-mutations';
import { isQueued } from '../../../offline/lib/queue';
import { translateCode } from '../../../lib/errors';

interface ReceiptDialogProps {
  target: { request: FoodRequest; selfDelivery: boolean } | null;
  onClose: () => void;
}

/** The destination confirms receipt; a self delivery also records the food's condition. */
export function ReceiptDialog({ target, onClose }: ReceiptDialogProps) {
  const { t } = useTranslation();
  const mutation = useRequestAction(requestActions.confirmReceipt);
  const [quality, setQuality] = useState<Quality>('good');
  const [notes, setNotes] = useState('');

  useEffect(() => {
    setQuality('good');
    setNotes('');
  }, [target?.request.id]);

  function handleConfirm() {
    if (!target) return;
    mutation.mutate(
      {
        request: target.request,
        input: target.selfDelivery ? { quality, notes } : { notes },
      },
      {
        onSuccess: () => {
          void toast.success(t('requests.toast.received'));
          onClose();
        },
        onError: (error) => {
          if (!isQueued(error)) return void toast.error(t('requests.toast.receiveError'));
          void toast.success(translateCode(t, 'QUEUED_OFFLINE'));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open={target !== null}
      title={t('requests.receipt.title', { food: target?.request.foodType ?? '' })}
      onClose={onClose}
      busy={mutation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button loading={mutation.isPending} onClick={handleConfirm}>
            {t('requests.receipt.submit')}
          </Button>
        </>
      }
    >
      {target?.selfDelivery ? (
        <fieldset className="choice-group">
          <legend className="field__label">{t('requests.receipt.condition')}</legend>
          <div className="choice-group__options">
            {QUALITIES.map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name="receipt-quality"
                  value={value}
                  checked={quality === value}
                  onChange={() => setQuality(value)}
                />
                <span className="choice__title">{t(`requests.quality.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <TextAreaField
        label={t('requests.receipt.notes')}
        rows={2}
        maxLength={TEXT_LIMITS.notes}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
    </Dialog>
  );
}
