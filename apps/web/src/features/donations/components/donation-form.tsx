import {
  Suspense,
  useEffect,
  useRef,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Controller, useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_METHODS,
  HOLDING_KINDS,
  DESTINATION_TYPES,
  MAX_EXPIRY_HOURS,
  MIN_EXPIRY_HOURS,
  MIN_QUANTITY,
  PREP_DATE_MAX_AGE_DAYS,
  SERIES_HOLDING_KINDS,
  TEXT_LIMITS,
  UNITS,
  VEG_TYPES,
  type Coordinates,
  type CreateDonationData,
  type UserProfile,
} from '@annasetu/domain';
import { DestinationPicker } from '../../../components/destination-picker';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { preloadFormSchemas } from '../../../lib/form-schemas';
import {
  detailsToFieldCodes,
  fieldMessage,
  focusFirstInvalid,
  summaryMessages,
  type FieldCodes,
} from '../../../lib/form-errors';
import {
  errorsToFieldCodes,
  schemaResolver,
  setFieldCodes,
  useFocusAfterRender,
} from '../../../lib/form-resolver';
import { toast } from '../../../lib/toast';
import { useCreateDonation } from '../api/donation-mutations';
import { focusWhenPresent } from '../../../lib/focus';
import { donationCardId } from '../lib/card-id';
import { isQueued } from '../../../offline/lib/queue';
import { translateCode } from '../../../lib/errors';
import { FoodSafetyFields } from './food-safety-fields';
import {
  freshValues,
  ONE_OFF_FIELDS,
  seriesTemplateOf,
  toInput,
  today,
  type DonationValues,
} from '../lib/donation-values';
import { useChecking } from '../../../lib/use-checking';

/** The map that places the pickup point; loaded on demand by the page that shows the form. */
export type PickupMapComponent = ComponentType<{
  value: Coordinates;
  onChange: (value: Coordinates) => void;
  label: string;
}>;

/**
 * The "repeat" option a page may plug into the form (recurring donations): its controls, and
 * how to save the form's food as a series instead of posting it once.
 */
export interface DonationRepeatOption {
  fields: ReactNode;
  repeating: boolean;
  pending: boolean;
  /** Resolves to null when saved, else to the food fields' problems. */
  save(template: Record<string, unknown>): Promise<FieldCodes | null>;
  reset(): void;
}

interface DonationFormProps {
  user: UserProfile;
  PickupMap?: PickupMapComponent;
  repeat?: DonationRepeatOption;
}

/**
 * The donation form (seed section 5): cuisine, food items, veg type, quantity (at least 1), unit
 * (meals by default), expiry hours (at least 1, 6 by default), preparation date and time,
 * delivery method; the pickup address and point default to the donor's profile.
 */
export function DonationForm({ user, PickupMap, repeat }: DonationFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useCreateDonation();
  const checking = useChecking();
  const {
    control,
    register,
    handleSubmit,
    getValues,
    getFieldState,
    watch,
    reset: resetForm,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<DonationValues, unknown, CreateDonationData>({
    defaultValues: freshValues(user),
    resolver: schemaResolver((schemas) => schemas.donationFormInputSchema, toInput),
    // Focus goes to the first problem in the page's order (showProblems): the pickers and the
    // map are not react-hook-form's own fields.
    shouldFocusError: false,
  });
  const deliveryMethod = useWatch({ control, name: 'deliveryMethod' });
  const holding = useWatch({ control, name: 'holding' });
  const destinationType = useController({ control, name: 'destinationType' });
  const destinationUser = useController({ control, name: 'destinationUserId' });
  const repeating = repeat?.repeating ?? false;
  const allCodes = errorsToFieldCodes(errors);
  // A failed post's problems with fields a series does not have stay for the one-off form, but
  // are not shown while repeating: "choose a destination" with no destination in sight.
  const codes = repeating
    ? Object.fromEntries(Object.entries(allCodes).filter(([field]) => !ONE_OFF_FIELDS.has(field)))
    : allCodes;

  // A series is checked only when saved, not by the form's own check (which follows each change
  // after a failed post): a field changed after a failed save loses its message here, or
  // "Required" would stay beside a field just filled in.
  useEffect(() => {
    if (!repeating) return;
    const subscription = watch((_values, { name }) => {
      if (name && getFieldState(name).error) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [repeating, watch, getFieldState, clearErrors]);

  const focusProblem = useFocusAfterRender(() => focusFirstInvalid(formRef.current));
  function showProblems(next: FieldCodes) {
    setFieldCodes(setError, next);
    focusProblem();
  }

  /** The next donation: the same cook, cuisine, unit, method and place; the food starts afresh. */
  function reset() {
    const fresh = freshValues(user);
    resetForm({
      ...getValues(),
      foodType: fresh.foodType,
      vegType: fresh.vegType,
      quantity: fresh.quantity,
      notes: fresh.notes,
      expiryHours: fresh.expiryHours,
      prepDate: fresh.prepDate,
      prepTime: fresh.prepTime,
      destinationUserId: fresh.destinationUserId,
      holding: fresh.holding,
      useBy: fresh.useBy,
      allergens: fresh.allergens,
    });
  }

  function send(data: CreateDonationData) {
    const self = data.deliveryMethod === 'self';
    mutation.mutate(data, {
      onSuccess: ({ donation, request }) => {
        void toast.success(t('donations.toast.created'));
        if (request) void toast.success(t('donations.toast.selfScheduled'));
        reset();
        // The new card appears at the top of the donor's list: focus follows the result.
        focusWhenPresent(donationCardId(donation.id));
      },
      onError: (error) => {
        if (isQueued(error)) {
          void toast.success(translateCode(t, 'QUEUED_OFFLINE'));
          reset();
          return;
        }
        void toast.error(self ? t('donations.toast.selfFailed') : t('donations.toast.createError'));
        if (isApiError(error) && error.details.length) {
          showProblems(detailsToFieldCodes(error.details));
        }
      },
    });
  }

  const submit = handleSubmit(send, (found) => {
    // The schemas could not be loaded: said as before, by the toast.
    if (found.root) void toast.error(t('donations.toast.createError'));
    showProblems({});
  });

  function handleSubmitEvent(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || repeat?.pending || checking.current) return;
    checking.current = true;
    const done = repeat?.repeating ? saveSeries(repeat) : submit(event);
    void done.finally(() => {
      checking.current = false;
    });
  }

  // A series is checked by the repeat option, its food and its schedule together.
  async function saveSeries(option: DonationRepeatOption) {
    const food = seriesTemplateOf(getValues());
    if ('problem' in food) {
      showProblems({ holding: food.problem });
      void toast.error(t('series.toast.createError'));
      return;
    }
    const problems = await option.save(food.template);
    clearErrors();
    if (problems === null) {
      void toast.success(t('series.toast.created'));
      option.reset();
      reset();
      return;
    }
    if (Object.keys(problems).length) showProblems(problems);
    void toast.error(t('series.toast.createError'));
  }

  const summary = summaryMessages(t, codes);

  return (
    <form
      ref={formRef}
      className="form form--wide"
      noValidate
      onSubmit={handleSubmitEvent}
      onFocus={preloadFormSchemas}
      aria-labelledby="donation-form-title"
    >
      <h2 id="donation-form-title" className="section-heading">
        {t('donations.form.title')}
      </h2>
      <div className="form__grid">
        <TextField
          label={t('donations.form.foodType')}
          hint={t('donations.form.foodTypeHint')}
          required
          maxLength={TEXT_LIMITS.foodType}
          {...register('foodType')}
          error={fieldMessage(t, codes.foodType)}
        />
        <TextField
          label={t('donations.form.cuisine')}
          hint={t('fields.cuisineHint')}
          required
          maxLength={TEXT_LIMITS.cuisine}
          {...register('cuisine')}
          error={fieldMessage(t, codes.cuisine)}
        />
        <SelectField
          label={t('donations.form.vegType')}
          required
          {...register('vegType')}
          error={fieldMessage(t, codes.vegType)}
        >
          <option value="">{t('donations.form.choose')}</option>
          {VEG_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`donations.vegTypes.${value}`)}
            </option>
          ))}
        </SelectField>
        <div className="form__pair">
          <TextField
            label={t('donations.form.quantity')}
            type="number"
            inputMode="decimal"
            required
            min={MIN_QUANTITY}
            step="any"
            {...register('quantity')}
            error={fieldMessage(t, codes.quantity)}
          />
          <SelectField
            label={t('donations.form.unit')}
            required
            // Whether the quantity must be whole depends on the unit: after a failed post, a new
            // unit checks the quantity again, or its old message would outlive the rule.
            {...register('unit', { deps: ['quantity'] })}
            error={fieldMessage(t, codes.unit)}
          >
            {UNITS.map((value) => (
              <option key={value} value={value}>
                {t(`donations.units.${value}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {repeating ? null : (
          <TextField
            label={t('donations.form.prepDate')}
            type="date"
            required
            // The server accepts a week back at most, and nothing after today.
            min={today(new Date(Date.now() - PREP_DATE_MAX_AGE_DAYS * 86_400_000))}
            max={today()}
            {...register('prepDate')}
            error={fieldMessage(t, codes.prepDate)}
          />
        )}
        {repeating ? null : (
          <TextField
            label={t('donations.form.prepTime')}
            type="time"
            required
            {...register('prepTime')}
            error={fieldMessage(t, codes.prepTime)}
          />
        )}
        <TextField
          label={t('donations.form.expiryHours')}
          hint={t('donations.form.expiryHoursHint')}
          type="number"
          inputMode="numeric"
          required
          min={MIN_EXPIRY_HOURS}
          max={MAX_EXPIRY_HOURS}
          step={1}
          {...register('expiryHours')}
          error={fieldMessage(t, codes.expiryHours)}
        />
      </div>

      <FoodSafetyFields
        register={register}
        holding={holding}
        codes={codes}
        kinds={repeating ? SERIES_HOLDING_KINDS : HOLDING_KINDS}
      />

      {repeat?.fields}

      {repeating ? null : (
        <fieldset className="choice-group">
          <legend className="field__label">
            {t('donations.form.deliveryMethod')}
            <span className="field__required" aria-hidden="true">
              {' *'}
            </span>
          </legend>
          <div className="choice-group__options">
            {DELIVERY_METHODS.map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  value={value}
                  // Only self delivery names a destination: after a failed post, a new method
                  // checks those again (one registration, the same options, for every radio).
                  {...register('deliveryMethod', {
                    deps: ['destinationType', 'destinationUserId'],
                  })}
                />
                <span>
                  <span className="choice__title">{t(`donations.deliveryMethods.${value}`)}</span>
                  <span className="choice__body">{t(`donations.form.deliveryHint.${value}`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {deliveryMethod === 'self' && !repeating ? (
        <DestinationPicker
          types={DESTINATION_TYPES}
          type={destinationType.field.value}
          userId={destinationUser.field.value}
          onTypeChange={(next) => {
            destinationType.field.onChange(next);
            destinationUser.field.onChange('');
          }}
          onUserChange={(id) => destinationUser.field.onChange(id)}
          typeError={fieldMessage(t, codes.destinationType)}
          userError={fieldMessage(t, codes.destinationUserId)}
        />
      ) : null}

      <TextAreaField
        label={t('donations.form.pickupAddress')}
        hint={t('donations.form.pickupAddressHint')}
        rows={2}
        maxLength={TEXT_LIMITS.address}
        {...register('pickupAddress')}
        error={fieldMessage(t, codes.pickupAddress)}
      />

      {PickupMap ? (
        <div className="field">
          <p className="field__label" id="pickup-point-label">
            {t('donations.form.pickupPoint')}
          </p>
          <p className="field__hint">{t('donations.form.pickupPointHint')}</p>
          {/* The loading map takes the map's room, so the fields and the button below stay put. */}
          <Suspense
            fallback={
              <div className="map-slot map-slot--pickup">
                <Spinner label={t('map.loading')} />
              </div>
            }
          >
            <Controller
              control={control}
              name="pickupCoordinates"
              render={({ field }) => (
                <PickupMap
                  value={field.value}
                  onChange={field.onChange}
                  label={t('donations.form.pickupPoint')}
                />
              )}
            />
          </Suspense>
          {codes.pickupCoordinates ? (
            <p className="field__error">{fieldMessage(t, codes.pickupCoordinates)}</p>
          ) : null}
        </div>
      ) : null}

      <TextAreaField
        label={t('donations.form.notes')}
        rows={2}
        maxLength={TEXT_LIMITS.notes}
        {...register('notes')}
        error={fieldMessage(t, codes.notes)}
      />

      {summary.length ? (
        <div className="alert alert--error" role="alert">
          <ul className="alert__list">
            {summary.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="form__actions">
        <Button type="submit" loading={checking.busy || mutation.isPending || repeat?.pending}>
          {repeating ? t('series.form.submit') : t('donations.form.submit')}
        </Button>
      </div>
    </form>
  );
}
