import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  QUALITIES,
  TEXT_LIMITS,
  UI_TIMINGS,
  destinationTypesFor,
  measuredQuantityIssue,
  type CollectDonationInput,
  type DestinationInfo,
  type DestinationType,
  type FoodRequest,
  type HoldingKind,
  type Quality,
} from '@annasetu/domain';
import { DestinationPicker } from '../../../components/destination-picker';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateCode } from '../../../lib/errors';
import { fieldMessage, focusFirstInvalid } from '../../../lib/form-errors';
import {
  errorsToFieldCodes,
  schemaResolver,
  useFocusAfterRender,
} from '../../../lib/form-resolver';
import { preloadFormSchemas } from '../../../lib/form-schemas';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import { useCollect } from '../api/carrying-moves';
import { usePhotoUpload } from '../hooks/use-photo-upload';
import { PhotoPicker } from './photo-picker';
import { PickupCheck } from './pickup-check';
import type { CollectValues } from '../lib/collect-values';
import { focusWhenPresent } from '../../../lib/focus';
import { REQUESTS_HEADING_ID, requestCardId } from '../lib/card-id';
import { isQueued, isQueuedRequestId } from '../../../offline/lib/queue';
import { useChecking } from '../../../lib/use-checking';

// Failures the seed words itself (and the safe-by refusal, which says what to do instead);
// others get "Error recording collection".
const SEED_CODES = new Set([
  'DONATION_GONE',
  'REQUEST_INFO_MISSING',
  'LOGIN_REQUIRED_TO_COLLECT',
  'FOOD_PAST_SAFE_BY',
]);

/** The food is past its "safe for people until" time: it may only go as not fit for people. */
function pastSafeBy(request: FoodRequest | null, now: number): boolean {
  return request?.safeUntil != null && Date.parse(request.safeUntil) <= now;
}

/** The starting destination: the receiver who asked, when the food is good and they fit. */
function initialDestination(request: FoodRequest, quality: Quality) {
  const types = destinationTypesFor(quality);
  if (
    request.destinationType &&
    types.includes(request.destinationType) &&
    request.destinationUserId
  ) {
    return { type: request.destinationType, userId: request.destinationUserId };
  }
  return { type: types.length === 1 ? types[0]! : ('' as const), userId: '' };
}

/**
 * The request id the check sees. A grab still waiting for signal has an id made up on the phone
 * (the queue swaps in the server's when the grab is sent): a well-formed one stands in for it.
 */
const QUEUED_GRAB_STAND_IN = '00000000-0000-4000-8000-000000000000';
function checkedRequestId(request: FoodRequest | null): string {
  if (!request) return '';
  return isQueuedRequestId(request.id) ? QUEUED_GRAB_STAND_IN : request.id;
}

/**
 * A fresh form for a request: good food, to the receiver who asked when they fit; food past its
 * safe-by time starts as not fit for people. The holding check starts from what the donor said
 * (nothing when they did not), the container unticked. The amount taken starts empty: filled
 * with the donor's estimate, a form sent unchanged would record the estimate as counted.
 */
function freshValues(request: FoodRequest | null, now = Date.now()): CollectValues {
  const quality: Quality = pastSafeBy(request, now) ? 'bad' : 'good';
  const start = request ? initialDestination(request, quality) : { type: '' as const, userId: '' };
  return {
    quality,
    destinationType: start.type,
    destinationUserId: start.userId,
    notes: '',
    holdingAtPickup: request?.holding ?? '',
    containerClosed: false,
    pickedQuantity: '',
  };
}

interface CollectDialogProps {
  request: FoodRequest | null;
  onClose: () => void;
}

/**
 * The volunteer records a collection: quality, a destination that suits it (good food to a
 * food bank; bad to a nursery or poultry farm), notes and an optional photo. Then the
 * destination's details show and the page moves on.
 */
export function CollectDialog({ request, onClose }: CollectDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { mutation, refresh } = useCollect();
  const [done, setDone] = useState<DestinationInfo | null>(null);
  const photo = usePhotoUpload();
  const { reset: resetPhoto } = photo;
  const checking = useChecking();
  const {
    control,
    register,
    handleSubmit,
    reset: resetForm,
    setError,
    setValue,
    formState: { errors },
  } = useForm<CollectValues, unknown, CollectDonationInput>({
    defaultValues: freshValues(request),
    // What was checked is sent, with the request's own ids and the photo (or the file waiting
    // for signal) added.
    // The form's own schema: the holding check at pickup is required here.
    resolver: schemaResolver(
      (schemas) => schemas.collectFormInputSchema,
      (values: CollectValues): CollectDonationInput => ({
        donationId: request?.donationId ?? '',
        requestId: checkedRequestId(request),
        quality: values.quality,
        destinationType: (values.destinationType || undefined) as DestinationType,
        destinationUserId: values.destinationUserId,
        notes: values.notes,
        holdingAtPickup: (values.holdingAtPickup || undefined) as HoldingKind,
        containerClosed: values.containerClosed,
        // Empty or not a number: the schema's QUANTITY_INVALID says so beside the field.
        pickedQuantity: values.pickedQuantity.trim() === '' ? NaN : Number(values.pickedQuantity),
      }),
      { raw: true },
    ),
    // Focus goes to the first problem in the dialog's order; the pickers are controlled.
    shouldFocusError: false,
  });
  const quality = useWatch({ control, name: 'quality' });
  const type = useController({ control, name: 'destinationType' });
  const user = useController({ control, name: 'destinationUserId' });
  const codes = errorsToFieldCodes(errors);
  const { date } = useFormat();
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const unsafe = pastSafeBy(request, openedAt);

  // Another request opened: the form, the result and the photo start afresh.
  const startOver = useEffectEvent(() => {
    const now = Date.now();
    setOpenedAt(now);
    resetForm(freshValues(request, now));
    chosenFor.current = {};
    setDone(null);
    // A photo left from a collection not recorded is deleted.
    resetPhoto(false);
    mutation.reset();
  });
  const requestId = request?.id;
  useEffect(() => {
    if (requestId) startOver();
  }, [requestId]);

  // Once recorded, the destination's details show for a moment, then the page moves on.
  const finish = useEffectEvent(() => {
    onClose();
    if (request) focusOnResult(request.id);
  });
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(finish, UI_TIMINGS.redirectAfterCollectMs);
    return () => clearTimeout(timer);
  }, [done]);

  // The destination chosen under each quality: changing the quality away and back brings the
  // food bank (or farm) the volunteer had picked back, instead of asking for it again.
  const chosenFor = useRef<
    Partial<Record<Quality, { type: DestinationType | ''; userId: string }>>
  >({});
  function handleQuality(next: Quality) {
    if (!request) return;
    // `quality` is still the one left: the watched value of the last render.
    chosenFor.current[quality] = { type: type.field.value, userId: user.field.value };
    const start = chosenFor.current[next] ?? initialDestination(request, next);
    setValue('destinationType', start.type);
    setValue('destinationUserId', start.userId);
  }

  // A photo that could not go for lack of signal travels with the queued collection instead.
  const photoOffline = photo.state.status === 'failed' && photo.state.error === 'NETWORK_ERROR';
  const photoPending =
    photo.state.status === 'uploading' || (photo.state.status === 'failed' && !photoOffline);

  // The button that opened the dialog is gone once the collection is recorded: after the lists
  // refresh, focus goes to the updated card, or to the list's heading if the filter hides it.
  function focusOnResult(requestId: string) {
    void refresh().then(() => focusWhenPresent(requestCardId(requestId), REQUESTS_HEADING_ID, 300));
  }

  function handleClose() {
    if (!done) resetPhoto(false);
    onClose();
    if (done && request) focusOnResult(request.id);
  }

  function send(input: CollectDonationInput) {
    // Whole for meals and packs, and not past twice the posted amount: the form's schema knows
    // neither the donation's unit nor its quantity.
    const issue = request
      ? measuredQuantityIssue(
          input.pickedQuantity ?? request.quantity,
          request.unit,
          request.quantity,
        )
      : null;
    if (issue) {
      setError('pickedQuantity', { type: 'custom', message: issue });
      focusProblem();
      return;
    }
    const photoId = photo.state.photo?.photoId;
    mutation.mutate(
      {
        ...input,
        donationId: request?.donationId ?? input.donationId,
        requestId: request?.id ?? input.requestId,
        foodType: request?.foodType ?? '',
        ...(photoId ? { photoId } : {}),
        ...(photoOffline && photo.state.file ? { photo: photo.state.file } : {}),
      },
      {
        onSuccess: ({ destination }) => {
          // The photo now belongs to the collection: forget it without deleting it.
          resetPhoto(true);
          void toast.success(t('requests.toast.collected'));
          setDone(destination);
        },
        onError: (error) => {
          if (isQueued(error)) {
            // Kept on the phone with its photo: the card shows it waiting for signal.
            resetPhoto(true);
            void toast.success(translateCode(t, 'QUEUED_OFFLINE'));
            onClose();
            return;
          }
          const code = isApiError(error) ? error.code : '';
          void toast.error(
            SEED_CODES.has(code) ? translateCode(t, code) : t('requests.toast.collectError'),
          );
          if (code === 'DONATION_GONE') {
            void refresh();
            onClose();
          }
        },
      },
    );
  }

  const focusProblem = useFocusAfterRender(() => focusFirstInvalid(formRef.current));
  const submit = handleSubmit(send, (found) => {
    // Problems with no field of their own: the schemas did not load, the request is unknown.
    if (found.root) void toast.error(t('requests.toast.collectError'));
    // The schema also checks the request's ids, which are not form fields.
    else if ('donationId' in found || 'requestId' in found) {
      void toast.error(translateCode(t, 'REQUEST_INFO_MISSING'));
    }
    focusProblem();
  });

  function handleSubmitEvent(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request || mutation.isPending || photoPending || checking.current) return;
    checking.current = true;
    void submit(event).finally(() => {
      checking.current = false;
    });
  }

  const busy = checking.busy || mutation.isPending;
  return (
    <Dialog
      open={request !== null}
      title={t('requests.collect.title', { food: request?.foodType ?? '' })}
      onClose={handleClose}
      busy={busy}
      footer={
        done ? null : (
          <>
            <Button variant="secondary" onClick={handleClose} disabled={busy}>
              {t('dialog.cancel')}
            </Button>
            <Button
              type="submit"
              form={formId}
              loading={busy}
              disabled={!type.field.value || !user.field.value || photoPending}
              aria-describedby={photoPending ? 'collect-photo-wait' : undefined}
            >
              {t('requests.collect.submit')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <div className="alert alert--success" role="status">
          <p className="alert__title">{t('requests.collect.doneTitle')}</p>
          <dl className="item-card__facts">
            <div>
              <dt>{t('requests.card.destination')}</dt>
              <dd>{done.name}</dd>
            </div>
            <div>
              <dt>{t('fields.address')}</dt>
              <dd>{done.address}</dd>
            </div>
            <div>
              <dt>{t('fields.phone')}</dt>
              <dd>{done.phone}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <form
          ref={formRef}
          id={formId}
          noValidate
          onSubmit={handleSubmitEvent}
          onFocus={preloadFormSchemas}
        >
          {unsafe && request?.safeUntil ? (
            <div className="alert alert--error" role="note" data-testid="past-safe-by">
              {t('foodSafety.collect.pastSafe', {
                time: date(request.safeUntil, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </div>
          ) : null}
          <fieldset className="choice-group">
            <legend className="field__label">
              {t('requests.collect.quality')}
              <span className="field__required" aria-hidden="true">
                {' *'}
              </span>
            </legend>
            <div className="choice-group__options">
              {QUALITIES.map((value) => (
                <label key={value} className="choice">
                  <input
                    type="radio"
                    value={value}
                    // Past its safe-by time the food may not go to people (the server refuses).
                    disabled={unsafe && value === 'good'}
                    // One registration serves every radio: the last call's options win, so the
                    // handler reads the tapped value from the event, never from this loop.
                    {...register('quality', {
                      onChange: (event: ChangeEvent<HTMLInputElement>) =>
                        handleQuality(event.target.value as Quality),
                    })}
                  />
                  <span>
                    <span className="choice__title">{t(`requests.quality.${value}`)}</span>
                    <span className="choice__body">
                      {t(`requests.collect.qualityHint.${value}`)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <DestinationPicker
            types={destinationTypesFor(quality)}
            type={type.field.value}
            userId={user.field.value}
            onTypeChange={(next) => {
              type.field.onChange(next);
              user.field.onChange('');
            }}
            onUserChange={(id) => user.field.onChange(id)}
            typeError={fieldMessage(t, codes.destinationType)}
            userError={fieldMessage(t, codes.destinationUserId)}
          />
          {!user.field.value ? (
            <p className="field__hint">{t('requests.collect.destinationRequired')}</p>
          ) : null}
          <PickupCheck register={register} request={request} codes={codes} />
          <TextAreaField
            label={t('requests.collect.notes')}
            rows={2}
            maxLength={TEXT_LIMITS.notes}
            {...register('notes')}
            error={fieldMessage(t, codes.notes)}
          />
          <PhotoPicker upload={photo} />
          {photoPending ? (
            <p id="collect-photo-wait" className="field__hint">
              {t('requests.photo.waitForPhoto')}
            </p>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}
