import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CAPACITIES,
  DEFAULT_CAPACITY,
  PASSWORD_MIN_LENGTH,
  TEXT_LIMITS,
  type Capacity,
  type Coordinates,
  type RegisterInput,
  type RegistrableRole,
  type UserProfile,
} from '@annasetu/domain';
import { LocationPicker } from '../../../components/location-picker';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import {
  detailsToFieldCodes,
  fieldMessage,
  focusFirstInvalid,
  issuesToFieldCodes,
  summaryMessages,
  type FieldCodes,
} from '../../../lib/form-errors';
import { loadFormSchemas, preloadFormSchemas, type FormSchemas } from '../../../lib/form-schemas';
import { toUiLanguage } from '../../../lib/languages';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/register';
import { fieldsForRole } from '../lib/role-fields';
import { RolePicker } from './role-picker';

interface RegisterFormProps {
  initialRole: RegistrableRole;
  onSuccess: (user: UserProfile) => void;
}

type TextValues = Record<
  | 'name'
  | 'email'
  | 'phone'
  | 'address'
  | 'organizationName'
  | 'cuisine'
  | 'description'
  | 'password'
  | 'confirmPassword',
  string
>;

const EMPTY: TextValues = {
  name: '',
  email: '',
  phone: '',
  address: '',
  organizationName: '',
  cuisine: '',
  description: '',
  password: '',
  confirmPassword: '',
};

export function RegisterForm({ initialRole, onSuccess }: RegisterFormProps) {
  const { t, i18n } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [role, setRole] = useState<RegistrableRole>(initialRole);
  const [values, setValues] = useState<TextValues>(EMPTY);
  const [capacity, setCapacity] = useState<Capacity>(DEFAULT_CAPACITY);
  const [coordinates, setCoordinates] = useState<Coordinates | null>(null);
  const [codes, setCodes] = useState<FieldCodes>({});
  const [formError, setFormError] = useState<string | null>(null);
  const registerMutation = useRegister();
  const checking = useRef(false);
  const fields = fieldsForRole(role);

  const bind = (name: keyof TextValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: fieldMessage(t, codes[name]),
  });

  function buildInput(): RegisterInput {
    return {
      role,
      name: values.name,
      email: values.email,
      phone: values.phone,
      address: values.address,
      organizationName: values.organizationName,
      ...(fields.cuisine ? { cuisine: values.cuisine } : {}),
      ...(fields.capacity ? { capacity } : {}),
      description: values.description,
      password: values.password,
      confirmPassword: values.confirmPassword,
      ...(coordinates ? { coordinates } : {}),
      language: toUiLanguage(i18n.resolvedLanguage ?? i18n.language),
    };
  }

  function showProblems(next: FieldCodes, message: string | null) {
    setCodes(next);
    setFormError(message);
    requestAnimationFrame(() => {
      if (formRef.current?.querySelector('[aria-invalid="true"]')) {
        focusFirstInvalid(formRef.current);
      } else {
        summaryRef.current?.focus();
      }
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registerMutation.isPending || checking.current) return;
    const input = buildInput();
    checking.current = true;
    loadFormSchemas()
      .then(({ registerInputSchema }) => send(input, registerInputSchema.safeParse(input)))
      .catch((error: unknown) => showProblems({}, translateError(t, error)))
      .finally(() => {
        checking.current = false;
      });
  }

  function send(
    input: RegisterInput,
    parsed: ReturnType<FormSchemas['registerInputSchema']['safeParse']>,
  ) {
    if (!parsed.success) {
      showProblems(issuesToFieldCodes(parsed.error.issues), null);
      return;
    }
    setCodes({});
    setFormError(null);
    registerMutation.mutate(input, {
      onSuccess: ({ user }) => {
        toast.success(t('auth.toast.accountCreated'));
        onSuccess(user);
      },
      onError: (error) => {
        const message = translateError(t, error);
        toast.error(message);
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
          showProblems({ email: 'EMAIL_TAKEN' }, null);
        } else if (isApiError(error) && error.details.length) {
          showProblems(detailsToFieldCodes(error.details), null);
        } else {
          showProblems({}, message);
        }
      },
    });
  }

  const summary = formError ? [formError] : summaryMessages(t, codes);

  return (
    <form
      ref={formRef}
      className="form form--wide"
      noValidate
      onSubmit={handleSubmit}
      onFocus={preloadFormSchemas}
    >
      {summary.length ? (
        <Alert ref={summaryRef} tone="error" title={t('auth.register.problemsTitle')}>
          <ul className="alert__list">
            {summary.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <RolePicker value={role} onChange={setRole} />

      <section className="form__section" aria-labelledby="register-about">
        <h2 className="form__section-title" id="register-about">
          {t('auth.register.aboutYou')}
        </h2>
        <div className="form__grid">
          <TextField
            label={t('fields.fullName')}
            autoComplete="name"
            required
            maxLength={TEXT_LIMITS.name}
            {...bind('name')}
          />
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={TEXT_LIMITS.email}
            {...bind('email')}
          />
          <TextField
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={TEXT_LIMITS.phone}
            {...bind('phone')}
          />
          <TextField
            label={
              fields.organization === 'required' && role === 'individual'
                ? t('fields.organizationOrHousehold')
                : t('fields.organizationName')
            }
            autoComplete="organization"
            required={fields.organization === 'required'}
            maxLength={TEXT_LIMITS.organizationName}
            {...bind('organizationName')}
          />
        </div>
        <TextAreaField
          label={t('fields.address')}
          autoComplete="street-address"
          required
          rows={2}
          maxLength={TEXT_LIMITS.address}
          {...bind('address')}
        />
        <div className="form__grid">
          {fields.cuisine ? (
            <TextField
              label={t('fields.cuisine')}
              hint={t('fields.cuisineHint')}
              maxLength={TEXT_LIMITS.cuisine}
              {...bind('cuisine')}
            />
          ) : null}
          {fields.capacity ? (
            <SelectField
              label={t('fields.capacity')}
              name="capacity"
              value={capacity}
              onChange={(event) => setCapacity(event.target.value as Capacity)}
              error={fieldMessage(t, codes.capacity)}
            >
              {CAPACITIES.map((option) => (
                <option key={option} value={option}>
                  {t(`capacity.${option}`)}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
        <TextAreaField
          label={t('fields.description')}
          hint={t(`roles.${role}.descriptionHint`)}
          rows={3}
          maxLength={TEXT_LIMITS.description}
          {...bind('description')}
        />
        <LocationPicker
          value={coordinates}
          onChange={setCoordinates}
          error={fieldMessage(t, codes.coordinates)}
        />
      </section>

      <section className="form__section" aria-labelledby="register-security">
        <h2 className="form__section-title" id="register-security">
          {t('auth.register.security')}
        </h2>
        <div className="form__grid">
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            required
            hint={t('validation.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            {...bind('password')}
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            {...bind('confirmPassword')}
          />
        </div>
      </section>

      <Button type="submit" size="lg" block loading={registerMutation.isPending}>
        {t('auth.register.submit')}
      </Button>
      <p className="form__footer">
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login" className="text-link">
          {t('auth.register.loginLink')}
        </Link>
      </p>
    </form>
  );
}
