import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ALLERGENS, HOLDING_KINDS, SAFE_BY_RULES, type HoldingKind } from '@annasetu/domain';
import { TextField } from '../../../components/ui/field';
import { fieldMessage, type FieldCodes } from '../../../lib/form-errors';
import type { DonationValues } from '../lib/donation-values';
import '../../../components/ui/food-safety.css';

interface FoodSafetyFieldsProps {
  register: UseFormRegister<DonationValues>;
  holding: HoldingKind | '';
  codes: FieldCodes;
  /** The holdings offered: a recurring donation's food is cooked food (SERIES_HOLDING_KINDS). */
  kinds?: readonly HoldingKind[];
}

/**
 * How the food is kept (FSSAI): hot, chilled, room temperature or sealed packaged food, whose
 * own use-by date is asked then; and the allergens it contains. The server turns these into the
 * "safe for people until" time.
 */
export function FoodSafetyFields({
  register,
  holding,
  codes,
  kinds = HOLDING_KINDS,
}: FoodSafetyFieldsProps) {
  const { t } = useTranslation();
  // A holding picked before it stopped being offered (packaged food, then repeat turned on)
  // is still the form's value: say at once that another choice is needed.
  const holdingCode =
    codes.holding ?? (holding && !kinds.includes(holding) ? 'HOLDING_REQUIRED' : undefined);
  // The hours come from the rule table, so the form says what the server applies.
  const ruleText = (kind: HoldingKind) => {
    const rule = SAFE_BY_RULES[kind];
    return t(`foodSafety.holdingRule.${kind}`, 'hours' in rule ? { hours: rule.hours } : {});
  };
  return (
    <>
      <fieldset className="choice-group" aria-describedby="holding-hint">
        <legend className="field__label">
          {t('foodSafety.holding.label')}
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        </legend>
        <p id="holding-hint" className="field__hint">
          {t('foodSafety.holding.hint')}
        </p>
        <div className="choice-group__options">
          {/* A holding not offered is hidden, not removed: react-hook-form reads a radio
              group from every input it has seen, and one removed while picked would still
              answer for the group after another is picked. */}
          {HOLDING_KINDS.map((value) => (
            <label key={value} className="choice" hidden={!kinds.includes(value)}>
              <input
                type="radio"
                value={value}
                aria-invalid={holdingCode ? true : undefined}
                // Only packaged food has a use-by date: a new holding checks it again.
                {...register('holding', { deps: ['useBy'] })}
              />
              <span>
                <span className="choice__title">{t(`foodSafety.holding.${value}`)}</span>
                <span className="choice__body">{ruleText(value)}</span>
              </span>
            </label>
          ))}
        </div>
        {holdingCode ? <p className="field__error">{fieldMessage(t, holdingCode)}</p> : null}
      </fieldset>

      {holding === 'packaged' && kinds.includes('packaged') ? (
        <TextField
          label={t('foodSafety.useBy')}
          type="datetime-local"
          required
          {...register('useBy')}
          error={fieldMessage(t, codes.useBy)}
        />
      ) : null}

      <fieldset className="choice-group" aria-describedby="allergens-hint">
        <legend className="field__label">{t('foodSafety.allergens.label')}</legend>
        <p id="allergens-hint" className="field__hint">
          {t('foodSafety.allergens.hint')}
        </p>
        <div className="allergen-options">
          {ALLERGENS.map((value) => (
            <label key={value} className="checkbox">
              <input
                type="checkbox"
                className="checkbox__input"
                value={value}
                {...register('allergens')}
              />
              <span className="checkbox__label">{t(`foodSafety.allergen.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
