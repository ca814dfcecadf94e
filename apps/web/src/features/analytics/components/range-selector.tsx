import { useTranslation } from 'react-i18next';
import { ANALYTICS_RANGES, type AnalyticsRange } from '@annasetu/domain';

interface RangeSelectorProps {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}

/** 7, 30, 90 days or All, as a group of radio buttons (arrow keys move between them). */
export function RangeSelector({ value, onChange }: RangeSelectorProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="range-selector">
      <legend className="range-selector__legend">{t('analytics.range.label')}</legend>
      <div className="range-selector__options">
        {ANALYTICS_RANGES.map((range) => (
          <label key={range} className="range-selector__option">
            <input
              type="radio"
              name="analytics-range"
              value={range}
              checked={value === range}
              onChange={() => onChange(range)}
            />
            <span>{t(`analytics.range.${range}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
