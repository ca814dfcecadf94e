import { useTranslation } from 'react-i18next';
import { PUBLIC_IMPACT_RANGES, type PublicImpactRange } from '../api/public-impact-types';

interface RangePickerProps {
  value: PublicImpactRange;
  onChange: (range: PublicImpactRange) => void;
}

/** 30 days, 90 days, 12 months or all time, as radio buttons (arrow keys move between them). */
export function RangePicker({ value, onChange }: RangePickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="range-selector">
      <legend className="range-selector__legend">{t('publicImpact.range.label')}</legend>
      <div className="range-selector__options">
        {PUBLIC_IMPACT_RANGES.map((range) => (
          <label key={range} className="range-selector__option">
            <input
              type="radio"
              name="public-impact-range"
              value={range}
              checked={value === range}
              onChange={() => onChange(range)}
            />
            <span>{t(`publicImpact.range.${range}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
