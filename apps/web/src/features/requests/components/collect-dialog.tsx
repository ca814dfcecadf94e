import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  QUALITIES,
  TEXT_LIMITS,
  UI_TIMINGS,
  destinationTypesFor,
  type DestinationInfo,
  type DestinationType,
  type FoodRequest,
  type Quality,
} from '@annasetu/domain';
import { DestinationPicker } from '../../../components/destination-picker';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateCode } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useCollect } from '../api/request-mutations';
import { usePhotoUpload } from '../hooks/use-photo-upload';
import { PhotoPicker } from './photo-picker';
import { focusWhenPresent } from '../../../lib/focus';
import { REQUESTS_HEADING_ID, requestCardId } from '../lib/card-id';
import { isQueued } from '../../../offline/lib/queue';

// Failures the seed words itself; others get "Error recording collection".
const SEED_CODES = new Set(['DONATION_GONE', 'REQUEST_INFO_MISSING', 'LOGIN_REQUIRED_TO_COLLECT']);

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
  const { mutation, refresh } = useCollect();
  const [quality, setQuality] = useState<Quality>('good');
  const [type, setType] = useState<DestinationType | ''>('');
  const [userId, setUserId] = useState('');
  const [notes, setNotes] = useState('');
  const [done, setDone] = useState<DestinationInfo | null>(null);
  const photo = usePhotoUpload();
  const { reset: resetPhoto } = photo;

  useEffect(() => {
    if (!request) return;
    const start = initialDestination(request, 'good');
    setQuality('good');
    setType(start.type);
    setUserId(start.userId);
    setNotes('');
    setDone(null);
    // A photo left from a collection not recorded is deleted.
    resetPhoto(false);
    mutation.reset();
    // Reset only when another request is opened.
  }, [request?.id]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      onClose();
      if (request) focusOnResult(request.id);
    }, UI_TIMINGS.redirectAfterCollectMs);
    return () => clearTimeout(timer);
  }, [done, onClose, refresh, request]);

  function handleQuality(next: Quality) {
    if (!request) return;
    setQuality(next);
    const start = initialDestination(request, next);
    setType(start.type);
    setUserId(start.userId);
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

  function handleSubmit() {
    if (!request || !type || !userId || mutation.isPending || photoPending) return;
    const photoId = photo.state.photo?.photoId;
    mutation.mutate(
      {
        donationId: request.donationId,
        requestId: request.id,
        foodType: request.foodType,
        quality,
        destinationType: type,
        destinationUserId: userId,
        notes,
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

  const busy = mutation.isPending;
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
              loading={busy}
              disabled={!type || !userId || photoPending}
              aria-describedby={photoPending ? 'collect-photo-wait' : undefined}
              onClick={handleSubmit}
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
        <>
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
                    name="quality"
                    value={value}
                    checked={quality === value}
                    onChange={() => handleQuality(value)}
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
            type={type}
            userId={userId}
            onTypeChange={(next) => {
              setType(next);
              setUserId('');
            }}
            onUserChange={(id) => setUserId(id)}
          />
          {!userId ? (
            <p className="field__hint">{t('requests.collect.destinationRequired')}</p>
          ) : null}
          <TextAreaField
            label={t('requests.collect.notes')}
            rows={2}
            maxLength={TEXT_LIMITS.notes}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          <PhotoPicker upload={photo} />
          {photoPending ? (
            <p id="collect-photo-wait" className="field__hint">
              {t('requests.photo.waitForPhoto')}
            </p>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
