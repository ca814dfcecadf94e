import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRABLE_ROLES, type RegistrableRole } from '@annasetu/domain';
import {
  BirdIcon,
  HeartHandIcon,
  SproutIcon,
  StoreIcon,
  TruckIcon,
  UserIcon,
  UtensilsIcon,
} from '../../../components/ui/icons';

const ROLE_ICONS: Record<RegistrableRole, ComponentType<SVGProps<SVGSVGElement>>> = {
  restaurant: StoreIcon,
  foodbank: HeartHandIcon,
  individual: UserIcon,
  volunteer: TruckIcon,
  nursery: SproutIcon,
  poultry: BirdIcon,
  mess: UtensilsIcon,
};

interface RolePickerProps {
  value: RegistrableRole;
  onChange: (role: RegistrableRole) => void;
}

/** The role cards: a radio group, so arrow keys move between roles as users expect. */
export function RolePicker({ value, onChange }: RolePickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="role-picker">
      <legend className="role-picker__legend">{t('auth.register.roleLegend')}</legend>
      <div className="role-picker__grid">
        {REGISTRABLE_ROLES.map((role) => {
          const Icon = ROLE_ICONS[role];
          const id = `role-${role}`;
          return (
            <div key={role} className="role-card">
              <input
                type="radio"
                id={id}
                name="role"
                value={role}
                className="role-card__input"
                checked={value === role}
                onChange={() => onChange(role)}
                aria-describedby={`${id}-desc`}
              />
              <label htmlFor={id} className="role-card__label">
                <span className="role-card__icon">
                  <Icon />
                </span>
                <span className="role-card__name">{t(`roles.${role}.label`)}</span>
                <span className="role-card__desc" id={`${id}-desc`}>
                  {t(`roles.${role}.card`)}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
