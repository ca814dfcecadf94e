import {
  Suspense,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_COORDINATES,
  DEFAULT_EXPIRY_HOURS,
  DEFAULT_UNIT,
  DELIVERY_METHODS,
  DESTINATION_TYPES,
  MAX_EXPIRY_HOURS,
  MIN_EXPIRY_HOURS,
  MIN_QUANTITY,
  PREP_DATE_MAX_AGE_DAYS,
  TEXT_LIMITS,
  UNITS,
  VEG_TYPES,
  type Coordinates,
  type CreateDonationInput,
  type DeliveryMethod,
  type DestinationType,
  type Unit,
  type UserProfile,
  type VegType,
} from '@annasetu/domain';
import { DestinationPicker } from '../../../components/destination-picker';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { loadFormSchemas, preloadFormSchemas, type FormSchemas } from '../../../lib/form-schemas';
import {
  detailsToFieldCodes,
  fieldMessage,
  focusFirstInvalid,
  issuesToFieldCodes,
  summaryMessages,
  type FieldCodes,
} from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateDonation } from '../api/donation-mutations';
import { focusWhenPresent } from '../../../lib/focus';
import { donationCardId } from '../lib/card-id';
import { isQueued } from '../../../offline/lib/queue';
import { translateCode } from '../../../lib/errors';

/** The map that places the pickup point; loaded on demand by the page that shows the form. */
export type PickupMapComponent = ComponentType<{
  value: Coordinates;
  onChange: (value: Coordinates) => void;
  label: string;
}>;

function pad(value: number) {
  return String(value).padStart(2, '0');
}

function today(now = new Date()) {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function timeNow(now = new Date()) {
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

function toNumber(raw: string): number | undefined {
  if (raw.trim() === '') return undefined;
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
}

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
  const [foodType, setFoodType] = useState('');
  const [cuisine, setCuisine] = useState(user.cuisine ?? '');
  const [vegType, setVegType] = useState<VegType | ''>('');
  const [quantity, setQuantity] = useState('');
  const [unit, setUnit] = useState<Unit>(DEFAULT_UNIT);
  const [expiryHours, setExpiryHours] = useState(String(DEFAULT_EXPIRY_HOURS));
  const [prepDate, setPrepDate] = useState(() => today());
  const [prepTime, setPrepTime] = useState(() => timeNow());
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>('volunteer');
  const [pickupAddress, setPickupAddress] = useState(user.address);
  const [pickup, setPickup] = useState<Coordinates>(user.coordinates ?? DEFAULT_COORDINATES);
  const [destinationType, setDestinationType] = useState<DestinationType | ''>('');
  const [destinationUserId, setDestinationUserId] = useState('');
  const [notes, setNotes] = useState('');
  const [codes, setCodes] = useState<FieldCodes>({});
  const mutation = useCreateDonation();
  const checking = useRef(false);

  function showProblems(next: FieldCodes) {
    setCodes(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  function reset() {
    setFoodType('');
    setVegType('');
    setQuantity('');
    setNotes('');
    setExpiryHours(String(DEFAULT_EXPIRY_HOURS));
    setPrepDate(today());
    setPrepTime(timeNow());
    setDestinationUserId('');
    setCodes({});
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || repeat?.pending || checking.current) return;
    if (repeat?.repeating) {
      void saveSeries(repeat);
      return;
    }
    const self = deliveryMethod === 'self';
    const input: CreateDonationInput = {
      cuisine,
      foodType,
      vegType: (vegType || undefined) as VegType,
      quantity: toNumber(quantity) as number,
      unit,
      expiryHours: toNumber(expiryHours) as number,
      prepDate,
      prepTime,
      deliveryMethod,
      notes,
      pickupAddress,
      pickupCoordinates: pickup,
      ...(self
        ? {
            destinationType: (destinationType || undefined) as DestinationType,
            destinationUserId: destinationUserId || undefined,
          }
        : {}),
    };
    checking.current = true;
    loadFormSchemas()
      .then(({ createDonationInputSchema }) => send(createDonationInputSchema.safeParse(input)))
      .catch(() => void toast.error(t('donations.toast.createError')))
      .finally(() => {
        checking.current = false;
      });
  }

  function send(parsed: ReturnType<FormSchemas['createDonationInputSchema']['safeParse']>) {
    const self = deliveryMethod === 'self';
    if (!parsed.success) {
      showProblems(issuesToFieldCodes(parsed.error.issues));
      return;
    }
    setCodes({});
    mutation.mutate(parsed.data, {
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

  async function saveSeries(option: DonationRepeatOption) {
    const problems = await option.save({
      cuisine,
      foodType,
      vegType: vegType || undefined,
      quantity: toNumber(quantity),
      unit,
      expiryHours: toNumber(expiryHours),
      notes,
      pickupAddress,
      pickupCoordinates: pickup,
    });
    if (problems === null) {
      void toast.success(t('series.toast.created'));
      option.reset();
      reset();
      return;
    }
    if (Object.keys(problems).length) showProblems(problems);
    else setCodes({});
    void toast.error(t('series.toast.createError'));
  }

  const summary = summaryMessages(t, codes);
  const repeating = repeat?.repeating ?? false;

  return (
    <form
      ref={formRef}
      className="form form--wide"
      noValidate
      onSubmit={handleSubmit}
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
          name="foodType"
          required
          maxLength={TEXT_LIMITS.foodType}
          value={foodType}
          onChange={(event) => setFoodType(event.target.value)}
          error={fieldMessage(t, codes.foodType)}
        />
        <TextField
          label={t('donations.form.cuisine')}
          hint={t('fields.cuisineHint')}
          name="cuisine"
          required
          maxLength={TEXT_LIMITS.cuisine}
          value={cuisine}
          onChange={(event) => setCuisine(event.target.value)}
          error={fieldMessage(t, codes.cuisine)}
        />
        <SelectField
          label={t('donations.form.vegType')}
          name="vegType"
          required
          value={vegType}
          onChange={(event) => setVegType(event.target.value as VegType | '')}
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
            name="quantity"
            type="number"
            inputMode="decimal"
            required
            min={MIN_QUANTITY}
            step="any"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            error={fieldMessage(t, codes.quantity)}
          />
          <SelectField
            label={t('donations.form.unit')}
            name="unit"
            required
            value={unit}
            onChange={(event) => setUnit(event.target.value as Unit)}
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
            name="prepDate"
            type="date"
            required
            // The server accepts a week back at most, and nothing after today.
            min={today(new Date(Date.now() - PREP_DATE_MAX_AGE_DAYS * 86_400_000))}
            max={today()}
            value={prepDate}
            onChange={(event) => setPrepDate(event.target.value)}
            error={fieldMessage(t, codes.prepDate)}
          />
        )}
        {repeating ? null : (
          <TextField
            label={t('donations.form.prepTime')}
            name="prepTime"
            type="time"
            required
            value={prepTime}
            onChange={(event) => setPrepTime(event.target.value)}
            error={fieldMessage(t, codes.prepTime)}
          />
        )}
        <TextField
          label={t('donations.form.expiryHours')}
          hint={t('donations.form.expiryHoursHint')}
          name="expiryHours"
          type="number"
          inputMode="numeric"
          required
          min={MIN_EXPIRY_HOURS}
          max={MAX_EXPIRY_HOURS}
          step={1}
          value={expiryHours}
          onChange={(event) => setExpiryHours(event.target.value)}
          error={fieldMessage(t, codes.expiryHours)}
        />
      </div>

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
                  name="deliveryMethod"
                  value={value}
                  checked={deliveryMethod === value}
                  onChange={() => setDeliveryMethod(value)}
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
          type={destinationType}
          userId={destinationUserId}
          onTypeChange={(next) => {
            setDestinationType(next);
            setDestinationUserId('');
          }}
          onUserChange={(id) => setDestinationUserId(id)}
          typeError={fieldMessage(t, codes.destinationType)}
          userError={fieldMessage(t, codes.destinationUserId)}
        />
      ) : null}

      <TextAreaField
        label={t('donations.form.pickupAddress')}
        hint={t('donations.form.pickupAddressHint')}
        name="pickupAddress"
        rows={2}
        maxLength={TEXT_LIMITS.address}
        value={pickupAddress}
        onChange={(event) => setPickupAddress(event.target.value)}
        error={fieldMessage(t, codes.pickupAddress)}
      />

      {PickupMap ? (
        <div className="field">
          <p className="field__label" id="pickup-point-label">
            {t('donations.form.pickupPoint')}
          </p>
          <p className="field__hint">{t('donations.form.pickupPointHint')}</p>
          <Suspense fallback={<Spinner label={t('map.loading')} />}>
            <PickupMap
              value={pickup}
              onChange={setPickup}
              label={t('donations.form.pickupPoint')}
            />
          </Suspense>
          {codes.pickupCoordinates ? (
            <p className="field__error">{fieldMessage(t, codes.pickupCoordinates)}</p>
          ) : null}
        </div>
      ) : null}

      <TextAreaField
        label={t('donations.form.notes')}
        name="notes"
        rows={2}
        maxLength={TEXT_LIMITS.notes}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
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
        <Button type="submit" loading={mutation.isPending || repeat?.pending}>
          {repeating ? t('series.form.submit') : t('donations.form.submit')}
        </Button>
      </div>
    </form>
  );
}
