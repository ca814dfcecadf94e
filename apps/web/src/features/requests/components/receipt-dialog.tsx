import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ARRIVAL_CONDITIONS,
  MIN_QUANTITY,
  QUALITIES,
  TEXT_LIMITS,
  WHOLE_NUMBER_UNITS,
  measuredQuantityIssue,
  type ArrivalCondition,
  type FoodRequest,
  type Quality,
} from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';
import { isApiError } from '../../../lib/api-client';
import { useRequestAction } from '../api/request-mutations';
import { carryingMoves } from '../api/carrying-moves';
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
 * arrival only (decision 0063). Either way the receiver confirms how much arrived, starting at
 * what the volunteer picked up (else the posted quantity): the impact counts it (decision 0064).
 */
export function ReceiptDialog({ target, onClose }: ReceiptDialogProps) {
  const { t } = useTranslation();
  const mutation = useRequestAction(carryingMoves.confirmReceipt);
  const [quality, setQuality] = useState<Quality>('good');
  const [arrival, setArrival] = useState<ArrivalCondition>('good');
  const [notes, setNotes] = useState('');
  const [received, setReceived] = useState('');
  const [quantityError, setQuantityError] = useState('');
  const request = target?.request;
  const arrivalOnly = request?.status === 'fulfilled';
  // Recorded once each: a receipt whose amount (or condition) is in already does not ask again.
  const asksQuantity = !(arrivalOnly && request?.receivedQuantity != null);
  const asksCondition = !(arrivalOnly && request?.arrivalCondition != null);
  const whole = (WHOLE_NUMBER_UNITS as readonly string[]).includes(request?.unit ?? 'meals');

  // Each opening starts afresh, in the same render that shows the dialog: set in an effect, the
  // amount field was drawn empty for a frame, and a quick tap on "Confirm" could meet it so.
  const [shownFor, setShownFor] = useState<string | undefined>(undefined);
  if (request?.id !== shownFor) {
    setShownFor(request?.id);
    setQuality('good');
    setArrival('good');
    setNotes('');
    setQuantityError('');
    setReceived(request ? String(request.pickedQuantity ?? request.quantity) : '');
  }

  /** The amount typed, or the code of what is wrong with it (shown beside the field). */
  function checkedQuantity(): number | string {
    const value = received.trim() === '' ? NaN : Number(received);
    if (!Number.isFinite(value) || value < MIN_QUANTITY) return 'QUANTITY_INVALID';
    const compared = request?.pickedQuantity ?? request?.quantity ?? value;
    return measuredQuantityIssue(value, request?.unit ?? 'meals', compared) ?? value;
  }

  function handleConfirm() {
    if (!target) return;
    const quantity = asksQuantity ? checkedQuantity() : undefined;
    if (typeof quantity === 'string') {
      setQuantityError(translateCode(t, quantity));
      return;
    }
    setQuantityError('');
    const input = {
      ...(asksCondition ? { arrivalCondition: arrival, notes } : {}),
      ...(quantity !== undefined ? { receivedQuantity: quantity } : {}),
    };
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
      {asksQuantity ? (
        <TextField
          label={t('handover.arrival.quantity', {
            unit: t(`donations.units.${request?.unit ?? 'meals'}`),
          })}
          hint={t('handover.arrival.quantityHint')}
          type="number"
          inputMode={whole ? 'numeric' : 'decimal'}
          required
          min={MIN_QUANTITY}
          step={whole ? 1 : 'any'}
          value={received}
          onChange={(event) => setReceived(event.target.value)}
          error={quantityError || undefined}
        />
      ) : null}
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
      {asksCondition ? (
        <>
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
        </>
      ) : null}
    </Dialog>
  );
}
