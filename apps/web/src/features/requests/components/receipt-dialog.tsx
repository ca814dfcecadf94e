import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ARRIVAL_CONDITIONS,
  QUALITIES,
  TEXT_LIMITS,
  type ArrivalCondition,
  type FoodRequest,
  type Quality,
} from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';
import { isApiError } from '../../../lib/api-client';
import { requestActions, useRequestAction } from '../api/request-mutations';
import { isQueued } from '../../../offline/lib/queue';
import { translateCode } from '../../../lib/errors';

interface ReceiptDialogProps {
  target: { request: FoodRequest; selfDelivery: boolean } | null;
  onClose: () => void;
}

/**
 * The destination confirms receipt and records how the food arrived (good or doubtful, with a
 * note) for the handover record; a self delivery also says whether the food was fit for people.
 * On a request the volunteer already marked delivered, the same dialog records the condition on
 * arrival only (decision 0063).
 */
export function ReceiptDialog({ target, onClose }: ReceiptDialogProps) {
  const { t } = useTranslation();
  const mutation = useRequestAction(requestActions.confirmReceipt);
  const [quality, setQuality] = useState<Quality>('good');
  const [arrival, setArrival] = useState<ArrivalCondition>('good');
  const [notes, setNotes] = useState('');
  const arrivalOnly = target?.request.status === 'fulfilled';

  useEffect(() => {
    setQuality('good');
    setArrival('good');
    setNotes('');
  }, [target?.request.id]);

  function handleConfirm() {
    if (!target) return;
    const input = { arrivalCondition: arrival, notes };
    mutation.mutate(
      {
        request: target.request,
        input: target.selfDelivery ? { ...input, quality } : input,
      },
      {
        onSuccess: () => {
          void toast.success(
            t(arrivalOnly ? 'handover.arrival.recorded' : 'requests.toast.received'),
          );
          onClose();
        },
        onError: (error) => {
          if (isQueued(error)) {
            void toast.success(translateCode(t, 'QUEUED_OFFLINE'));
            onClose();
            return;
          }
          const code = isApiError(error) ? error.code : '';
          void toast.error(
            code === 'ARRIVAL_CONDITION_ALREADY_RECORDED'
              ? translateCode(t, code)
              : t('requests.toast.receiveError'),
          );
        },
      },
    );
  }

  return (
    <Dialog
      open={target !== null}
      title={
        arrivalOnly
          ? t('handover.arrival.recordTitle', { food: target?.request.foodType ?? '' })
          : t('requests.receipt.title', { food: target?.request.foodType ?? '' })
      }
      onClose={onClose}
      busy={mutation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button loading={mutation.isPending} onClick={handleConfirm}>
            {arrivalOnly ? t('handover.arrival.submit') : t('requests.receipt.submit')}
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
      <fieldset className="choice-group">
        <legend className="field__label">{t('handover.arrival.label')}</legend>
        <div className="choice-group__options">
          {ARRIVAL_CONDITIONS.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="receipt-arrival"
                value={value}
                checked={arrival === value}
                onChange={() => setArrival(value)}
              />
              <span>
                <span className="choice__title">{t(`handover.arrival.${value}`)}</span>
                <span className="choice__body">{t(`handover.arrival.hint.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
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
