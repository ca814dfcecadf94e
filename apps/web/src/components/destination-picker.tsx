import { useTranslation } from 'react-i18next';
import type { DestinationType, UserSummary } from '@annasetu/domain';
import { fieldMessage } from '../lib/form-errors';
import { useFormat } from '../lib/use-format';
import { useUsersByRole } from '../lib/users-by-role';
import { SelectField } from './ui/field';

interface DestinationPickerProps {
  /** The destination types on offer (e.g. good food: food bank only). */
  types: readonly DestinationType[];
  type: DestinationType | '';
  userId: string;
  onTypeChange: (type: DestinationType | '') => void;
  onUserChange: (userId: string, user: UserSummary | undefined) => void;
  typeError?: string;
  userError?: string;
}

/** Where food goes: a destination type, then one receiver of that type (users by role). */
export function DestinationPicker({
  types,
  type,
  userId,
  onTypeChange,
  onUserChange,
  typeError,
  userError,
}: DestinationPickerProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const users = useUsersByRole(type);
  const items = users.data?.items ?? [];

  let placeholder = t('destination.chooseUser');
  if (!type) placeholder = t('destination.chooseTypeFirst');
  else if (users.isPending) placeholder = t('common.loading');
  else if (items.length === 0) placeholder = t('destination.noneOfType');

  return (
    <div className="form__grid destination-picker">
      <SelectField
        label={t('destination.type')}
        name="destinationType"
        required
        value={type}
        onChange={(event) => onTypeChange(event.target.value as DestinationType | '')}
        error={typeError}
      >
        {types.length > 1 ? <option value="">{t('destination.chooseType')}</option> : null}
        {types.map((value) => (
          <option key={value} value={value}>
            {t(`destination.types.${value}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('destination.user')}
        name="destinationUserId"
        required
        disabled={!type || users.isPending}
        value={userId}
        onChange={(event) =>
          onUserChange(
            event.target.value,
            items.find((item) => item.id === event.target.value),
          )
        }
        error={userError ?? (users.isError ? fieldMessage(t, 'INTERNAL_ERROR') : undefined)}
      >
        <option value="">{placeholder}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.isVerified
              ? t('destination.optionVerified', { name: item.organizationName || item.name })
              : item.organizationName || item.name}
            {item.area ? ` — ${t('privacy.approximate', { area: item.area })}` : ''}
            {item.distanceKm !== null
              ? ` · ${t('donations.distance', { km: number(item.distanceKm, { maximumFractionDigits: 1 }) })}`
              : ''}
          </option>
        ))}
      </SelectField>
      {type ? <p className="field__hint">{t('privacy.shownWhenMatched')}</p> : null}
    </div>
  );
}
