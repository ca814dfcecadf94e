import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
  summaryMessages,
  type FieldCodes,
} from '../../../lib/form-errors';
import {
  errorCodeOf,
  errorsToFieldCodes,
  schemaResolver,
  setFieldCodes,
  useFocusAfterRender,
} from '../../../lib/form-resolver';
import { preloadFormSchemas } from '../../../lib/form-schemas';
import { toUiLanguage } from '../../../lib/languages';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/register';
import { fieldsForRole } from '../lib/role-fields';
import { RolePicker } from './role-picker';
import { useChecking } from '../../../lib/use-checking';
import {
  failedForWantOfSignal,
  useSendAgainOnReconnection,
} from '../../../lib/send-again-on-reconnection';

interface RegisterFormProps {
  initialRole: RegistrableRole;
  onSuccess: (user: UserProfile) => void;
}

/** The form's values: text as typed, the role card, the capacity and the point picked. */
interface RegisterValues {
  role: RegistrableRole;
  name: string;
  email: string;
  phone: string;
  address: string;
  organizationName: string;
  cuisine: string;
  fssaiNumber: string;
  capacity: Capacity;
  description: string;
  password: string;
  confirmPassword: string;
  coordinates: Coordinates | null;
}

/** What is sent: the role's own fields only, and the point only when one was picked. */
function toInput(values: RegisterValues, language: RegisterInput['language']): RegisterInput {
  const fields = fieldsForRole(values.role);
  return {
    role: values.role,
    name: values.name,
    email: values.email,
    phone: values.phone,
    address: values.address,
    organizationName: values.organizationName,
    ...(fields.cuisine ? { cuisine: values.cuisine } : {}),
    ...(fields.capacity ? { capacity: values.capacity } : {}),
    ...(fields.fssai && values.fssaiNumber.trim() ? { fssaiNumber: values.fssaiNumber } : {}),
    description: values.description,
    password: values.password,
    confirmPassword: values.confirmPassword,
    ...(values.coordinates ? { coordinates: values.coordinates } : {}),
    language,
  };
}

export function RegisterForm({ initialRole, onSuccess }: RegisterFormProps) {
  const { t, i18n } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const registerMutation = useRegister();
  const checking = useChecking();
  const [waitingForSignal, setWaitingForSignal] = useState(false);
  useSendAgainOnReconnection(formRef, waitingForSignal);
  const language = () => toUiLanguage(i18n.resolvedLanguage ?? i18n.language);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues, unknown, RegisterInput>({
    // Text a visitor typed into the page rendered ahead of time, before the app took it over,
    // is read from the page when each field registers (react-hook-form keeps edited values).
    defaultValues: {
      role: initialRole,
      name: '',
      email: '',
      phone: '',
      address: '',
      organizationName: '',
      cuisine: '',
      fssaiNumber: '',
      capacity: DEFAULT_CAPACITY,
      description: '',
      password: '',
      confirmPassword: '',
      coordinates: null,
    },
    // The server is sent exactly what was checked (the schema's defaults are its own business).
    resolver: schemaResolver(
      (schemas) => schemas.registerInputSchema,
      (values: RegisterValues) => toInput(values, language()),
      { raw: true },
    ),
    // Focus goes to the first problem in the page's order (showProblems), not registration's.
    shouldFocusError: false,
  });
  const role = useWatch({ control, name: 'role' });
  const fields = fieldsForRole(role);
  const codes = errorsToFieldCodes(errors);

  const text = (name: Exclude<keyof RegisterValues, 'role' | 'capacity' | 'coordinates'>) => ({
    ...register(name),
    error: fieldMessage(t, codes[name]),
  });

  const focusProblem = useFocusAfterRender(() => {
    if (formRef.current?.querySelector('[aria-invalid="true"]')) {
      focusFirstInvalid(formRef.current);
    } else {
      summaryRef.current?.focus();
    }
  });

  function showProblems(next: FieldCodes) {
    setFieldCodes(setError, next);
    focusProblem();
  }

  function send(input: RegisterInput) {
    registerMutation.mutate(input, {
      onSuccess: ({ user }) => {
        toast.success(t('auth.toast.accountCreated'));
        onSuccess(user);
      },
      onError: (error) => {
        toast.error(translateError(t, error));
        setWaitingForSignal(failedForWantOfSignal(error));
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
          showProblems({ email: 'EMAIL_TAKEN' });
        } else if (isApiError(error) && error.details.length) {
          showProblems(detailsToFieldCodes(error.details));
        } else {
          showProblems({ _form: errorCodeOf(error) });
        }
      },
    });
  }

  const submit = handleSubmit(send, () => showProblems({}));

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registerMutation.isPending || checking.current) return;
    setWaitingForSignal(false);
    checking.current = true;
    void submit(event).finally(() => {
      checking.current = false;
    });
  }

  // A problem of the whole form (no connection, the server failing) stands alone.
  const summary = codes._form
    ? summaryMessages(t, { _form: codes._form })
    : summaryMessages(t, codes);

  return (
    <form
      ref={formRef}
      className="form form--wide"
      noValidate
      onSubmit={handleFormSubmit}
      onFocus={preloadFormSchemas}
      // An edit after a failed send: the person sends it when ready, not the reconnection.
      onInput={() => setWaitingForSignal(false)}
    >
      {summary.length ? (
        <Alert
          ref={summaryRef}
          tone="error"
          // No connection or a server failing is nothing the person has to correct.
          title={codes._form ? undefined : t('auth.register.problemsTitle')}
        >
          <ul className="alert__list">
            {summary.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <Controller
        control={control}
        name="role"
        // Which fields a role needs (an organisation name, a cuisine) changes with the role:
        // after a failed try, a new role checks them again, or a message for the old role stays.
        rules={{ deps: ['organizationName', 'cuisine', 'capacity', 'fssaiNumber'] }}
        render={({ field }) => <RolePicker value={field.value} onChange={field.onChange} />}
      />

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
            {...text('name')}
          />
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={TEXT_LIMITS.email}
            {...text('email')}
          />
          <TextField
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={TEXT_LIMITS.phone}
            {...text('phone')}
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
            {...text('organizationName')}
          />
        </div>
        <TextAreaField
          label={t('fields.address')}
          autoComplete="street-address"
          required
          rows={2}
          maxLength={TEXT_LIMITS.address}
          {...text('address')}
        />
        <div className="form__grid">
          {fields.fssai ? (
            <TextField
              label={t('foodSafety.fssai.label')}
              hint={t('foodSafety.fssai.hint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              {...text('fssaiNumber')}
            />
          ) : null}
          {fields.cuisine ? (
            <TextField
              label={t('fields.cuisine')}
              hint={t('fields.cuisineHint')}
              maxLength={TEXT_LIMITS.cuisine}
              {...text('cuisine')}
            />
          ) : null}
          {fields.capacity ? (
            <SelectField
              label={t('fields.capacity')}
              // Marks the default in the page rendered ahead of time: without it that page shows
              // the first option, and a visitor who picks it before the app takes over would
              // have the choice read as untouched and replaced by the default.
              defaultValue={DEFAULT_CAPACITY}
              {...register('capacity')}
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
          {...text('description')}
        />
        <Controller
          control={control}
          name="coordinates"
          render={({ field }) => (
            <LocationPicker
              value={field.value}
              onChange={field.onChange}
              error={fieldMessage(t, codes.coordinates)}
            />
          )}
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
            {...text('password')}
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            {...text('confirmPassword')}
          />
        </div>
      </section>

      <Button type="submit" size="lg" block loading={checking.busy || registerMutation.isPending}>
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
