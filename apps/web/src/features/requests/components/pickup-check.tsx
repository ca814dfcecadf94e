import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  HOLDING_KINDS,
  MIN_QUANTITY,
  WHOLE_NUMBER_UNITS,
  type FoodRequest,
  type Unit,
} from '@annasetu/domain';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { fieldMessage, type FieldCodes } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/use-format';
import type { CollectValues } from '../lib/collect-values';

interface PickupCheckProps {
  register: UseFormRegister<CollectValues>;
  /** The request collected: how the donor said the food is kept, the quantity and its unit. */
  request: Pick<FoodRequest, 'holding' | 'quantity' | 'unit'> | null;
  codes: FieldCodes;
}

/**
 * The volunteer's check at pickup for the handover record (decisions 0063, 0064): how much they
 * take (empty, with the donor's estimate beside it: the impact counts what they enter), how the food is held as they
 * take it, starting from what the donor said, and whether its container is closed. Each radio
 * and the checkbox is its own registered field, so any order of changes leaves the form holding
 * exactly what is shown.
 */
export function PickupCheck({ register, request, codes }: PickupCheckProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const hintId = useId();
  const stated = request?.holding;
  const unit: Unit = request?.unit ?? 'meals';
  const whole = (WHOLE_NUMBER_UNITS as readonly string[]).includes(unit);
  return (
    <>
      <TextField
        label={t('handover.pickup.quantity', { unit: t(`donations.units.${unit}`) })}
        hint={
          request
            ? `${t('handover.pickup.posted', { amount: `${number(request.quantity)} ${t(`donations.units.${unit}`)}` })} ${t('handover.pickup.quantityHint')}`
            : t('handover.pickup.quantityHint')
        }
        type="number"
        inputMode={whole ? 'numeric' : 'decimal'}
        required
        min={MIN_QUANTITY}
        step={whole ? 1 : 'any'}
        {...register('pickedQuantity')}
        error={fieldMessage(t, codes.pickedQuantity)}
      />
      <fieldset className="choice-group" aria-describedby={hintId}>
        <legend className="field__label">
          {t('handover.pickup.holding')}
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        </legend>
        <p id={hintId} className="field__hint">
          {stated
            ? t('handover.pickup.stated', { holding: t(`foodSafety.holding.${stated}`) })
            : t('handover.pickup.notStated')}
        </p>
        <div className="choice-group__options">
          {HOLDING_KINDS.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                value={value}
                aria-invalid={codes.holdingAtPickup ? true : undefined}
                {...register('holdingAtPickup')}
              />
              <span className="choice__title">{t(`foodSafety.holding.${value}`)}</span>
            </label>
          ))}
        </div>
        {codes.holdingAtPickup ? (
          <p className="field__error">{fieldMessage(t, codes.holdingAtPickup)}</p>
        ) : null}
      </fieldset>
      <CheckboxField
        label={t('handover.pickup.containerClosed')}
        {...register('containerClosed')}
      />
    </>
  );
}
