import { useTranslation } from 'react-i18next';
import { DONATION_SORTS, type DonationSort } from '@annasetu/domain';
import { SelectField } from '../../../components/ui/field';

/** Radius choices of the nearby search; 10 km is the product's default. */
export const RADIUS_CHOICES = [2, 5, 10, 25, 50, 100] as const;

interface AvailableControlsProps {
  radiusKm: number;
  onRadiusChange: (value: number) => void;
  sort?: DonationSort;
  onSortChange?: (value: DonationSort) => void;
}

/** Radius filter and sort order of the available-donations list and map. */
export function AvailableControls({
  radiusKm,
  onRadiusChange,
  sort,
  onSortChange,
}: AvailableControlsProps) {
  const { t } = useTranslation();
  return (
    <div className="filter-bar">
      <SelectField
        label={t('donations.filter.radius')}
        required
        value={String(radiusKm)}
        onChange={(event) => onRadiusChange(Number(event.target.value))}
      >
        {RADIUS_CHOICES.map((km) => (
          <option key={km} value={km}>
            {t('donations.filter.withinKm', { km })}
          </option>
        ))}
      </SelectField>
      {sort && onSortChange ? (
        <SelectField
          label={t('donations.filter.sort')}
          required
          value={sort}
          onChange={(event) => onSortChange(event.target.value as DonationSort)}
        >
          {DONATION_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`donations.filter.sorts.${value}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
    </div>
  );
}
