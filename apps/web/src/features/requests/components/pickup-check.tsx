import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HOLDING_KINDS, type HoldingKind } from '@annasetu/domain';
import { CheckboxField } from '../../../components/ui/field';
import { fieldMessage, type FieldCodes } from '../../../lib/form-errors';
import type { CollectValues } from '../lib/collect-values';

interface PickupCheckProps {
  register: UseFormRegister<CollectValues>;
  /** How the donor said the food is kept; the choice starts there (null: not stated). */
  stated: HoldingKind | null | undefined;
  codes: FieldCodes;
}

/**
 * The volunteer's check at pickup for the handover record (decision 0063): how the food is held
 * as they take it, starting from what the donor said, and whether its container is closed. Each
 * radio and the checkbox is its own registered field, so any order of changes leaves the form
 * holding exactly what is shown.
 */
export function PickupCheck({ register, stated, codes }: PickupCheckProps) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <>
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
