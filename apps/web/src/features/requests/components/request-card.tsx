import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  VOLUNTEER_TOKENS_PER_COMPLETION,
  type FoodRequest,
  type UserProfile,
} from '@annasetu/domain';
import { ApproximateArea } from '../../../components/ui/approximate-area';
import { FoodSafetyFacts, FssaiFact } from '../../../components/ui/food-safety-facts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import { requestActions, useRequestAction } from '../api/request-mutations';
import { carryingMoves } from '../api/carrying-moves';
import { useRequestPhoto } from '../api/upload-photo';
import { carriedStops } from '../lib/trip';
import { FeedbackAction } from './feedback-action';
import { ThreadAction } from './thread-action';
import { NavigateLinks } from './navigate-link';
import { RatingBadge } from '../../../components/ui/rating-badge';
import { RequestStatusBadge } from './request-status';
import '../requests.css';
import { requestCardId } from '../lib/card-id';
import { isQueued } from '../../../offline/lib/queue';
import { QueuedActions } from '../../../offline/components/queued-actions';
import { isQueuedRequestId } from '../../../offline/lib/queue';
import { translateCode } from '../../../lib/errors';
import { useDataSaver } from '../../../lib/data-saver';
import { useNearViewport } from '../../../lib/use-near-viewport';

export interface RequestCardHandlers {
  onCollect: (request: FoodRequest) => void;
  onWithdraw: (request: FoodRequest) => void;
  /** Asks before a volunteer gives a pickup back (one tap on a phone must not lose it). */
  onRelease: (request: FoodRequest) => void;
  onConfirmReceipt: (request: FoodRequest, selfDelivery: boolean) => void;
}

interface RequestCardProps extends RequestCardHandlers {
  request: FoodRequest;
  user: UserProfile;
}

/** One action button bound to one workflow call with the seed's toasts. */
function ActionButton<T>({
  action,
  input,
  success,
  failure,
  variant = 'primary',
  children,
}: {
  action: (input: T) => Promise<unknown>;
  input: T;
  success: string;
  failure: string;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  const mutation = useRequestAction(action);
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant={variant}
      loading={mutation.isPending}
      onClick={() =>
        mutation.mutate(input, {
          onSuccess: () => void toast.success(success),
          onError: (error) =>
            void (isQueued(error)
              ? toast.success(translateCode(t, 'QUEUED_OFFLINE'))
              : toast.error(failure)),
        })
      }
    >
      {children}
    </Button>
  );
}

/** What this user may do with this request, given how they take part in it. */
function RequestActions({
  request,
  user,
  onCollect,
  onWithdraw,
  onRelease,
  onConfirmReceipt,
}: RequestCardProps) {
  const { t } = useTranslation();
  const me = user.id;
  const isDestination = request.destinationUserId === me;
  // A donor's self delivery is confirmed straight from accepted (there is no collection step).
  const selfDelivery = isDestination && request.status === 'accepted' && request.isSelfDelivery;
  const updated = t('requests.toast.updated');
  const updateError = t('requests.toast.updateError');
  const buttons: ReactNode[] = [];

  if (request.donorId === me && request.status === 'pending' && !request.isVolunteerRequest) {
    buttons.push(
      <ActionButton
        key="accept"
        action={requestActions.accept}
        input={request}
        success={t('requests.toast.accepted')}
        failure={t('requests.toast.acceptError')}
      >
        {t('requests.actions.accept')}
      </ActionButton>,
      <ActionButton
        key="reject"
        variant="secondary"
        action={requestActions.reject}
        input={request}
        success={updated}
        failure={updateError}
      >
        {t('requests.actions.reject')}
      </ActionButton>,
    );
  }
  if (request.requesterId === me && !request.isVolunteerRequest && request.status === 'pending') {
    buttons.push(
      <Button key="withdraw" size="sm" variant="secondary" onClick={() => onWithdraw(request)}>
        {t('requests.actions.withdraw')}
      </Button>,
    );
  }
  if (request.volunteerId === me && request.status === 'accepted') {
    buttons.push(
      <Button key="collect" size="sm" onClick={() => onCollect(request)}>
        {t('requests.actions.collect')}
      </Button>,
      <Button key="release" size="sm" variant="secondary" onClick={() => onRelease(request)}>
        {t('requests.actions.release')}
      </Button>,
    );
  }
  if (request.volunteerId === me && request.status === 'collected') {
    buttons.push(
      <ActionButton
        key="complete"
        action={carryingMoves.complete}
        input={request}
        success={t('requests.toast.delivered', { tokens: VOLUNTEER_TOKENS_PER_COMPLETION })}
        failure={updateError}
      >
        {t('requests.actions.complete')}
      </ActionButton>,
    );
  }
  if (
    isDestination &&
    !request.destinationAccepted &&
    (request.status === 'accepted' || request.status === 'collected')
  ) {
    buttons.push(
      <ActionButton
        key="accept-delivery"
        variant={request.status === 'collected' || selfDelivery ? 'secondary' : 'primary'}
        action={carryingMoves.acceptDelivery}
        input={request}
        success={t('requests.toast.deliveryAccepted')}
        failure={t('requests.toast.deliveryAcceptError')}
      >
        {t('requests.actions.acceptDelivery')}
      </ActionButton>,
    );
  }
  if (isDestination && (request.status === 'collected' || selfDelivery)) {
    buttons.push(
      <Button
        key="confirm"
        size="sm"
        onClick={() => onConfirmReceipt(request, request.status === 'accepted')}
      >
        {t('requests.actions.confirmReceipt')}
      </Button>,
    );
  }
  // Marked delivered by the volunteer: the receiver still records how much arrived and how.
  const unrecorded = request.arrivalCondition === null || request.receivedQuantity === null;
  if (isDestination && request.status === 'fulfilled' && unrecorded) {
    buttons.push(
      <Button key="arrival" size="sm" onClick={() => onConfirmReceipt(request, false)}>
        {t('handover.arrival.record')}
      </Button>,
    );
  }
  // Once the food has left the donor, its parties (and admins) find the handover record on the
  // donation's own page, where a receiver also records how food delivered without their
  // confirmation arrived; the server decides who reads it.
  const party = user.role === 'admin' || [request.donorId, request.volunteerId].includes(me);
  const handed = request.status === 'collected' || request.status === 'fulfilled';
  if ((party || isDestination) && handed && !isQueuedRequestId(request.id)) {
    buttons.push(
      <ButtonLink
        key="handover"
        variant="secondary"
        size="sm"
        to={`/donations/${request.donationId}#handover`}
      >
        {t('handover.open')}
      </ButtonLink>,
    );
  }
  return buttons.length ? <div className="item-card__actions">{buttons}</div> : null;
}

/**
 * The photo the volunteer took at pickup, for those who may see it (volunteer, donor,
 * destination, admins); nothing when there is none. A card that cannot have one, or is far from
 * the screen, sets up nothing for it (no query, no store), which keeps a long list's cards light.
 */
function CollectionPhoto({
  request,
  user,
  near,
}: {
  request: FoodRequest;
  user: UserProfile;
  /** Whether the card is on or near the screen: the photo's address is asked for only then. */
  near: boolean;
}) {
  const involved =
    user.role === 'admin' ||
    [request.donorId, request.volunteerId, request.destinationUserId].includes(user.id);
  const collected = request.status === 'collected' || request.status === 'fulfilled';
  // A request the device made up for a grab still waiting has no photo on the server yet.
  const wanted =
    near && involved && collected && !!request.volunteerId && !isQueuedRequestId(request.id);
  return wanted ? <CollectionPhotoShown request={request} /> : null;
}

function CollectionPhotoShown({ request }: { request: FoodRequest }) {
  const { t } = useTranslation();
  const photo = useRequestPhoto(request.id, true);
  const [dataSaver] = useDataSaver();
  const [asked, setAsked] = useState(false);
  const url = photo.data?.photoUrl;
  if (!url) return null;
  // Data saver: the thumbnail (the image itself) loads only when tapped.
  if (dataSaver && !asked) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setAsked(true)}>
        {t('dataSaver.showPhoto')}
      </Button>
    );
  }
  return (
    <figure className="request-photo">
      <a
        href={url}
        target="_blank"
        rel="noopener"
        title={t('requests.photo.open', { food: request.foodType })}
      >
        <img
          className="request-photo__thumb"
          src={url}
          alt={t('requests.photo.cardAlt', { food: request.foodType })}
          width={96}
          height={96}
          loading="lazy"
        />
      </a>
      <figcaption>{t('requests.photo.cardCaption')}</figcaption>
    </figure>
  );
}

/** One request: the food, who asked, who carries it, where it goes, and what I can do. */
export function RequestCard(props: RequestCardProps) {
  const { request } = props;
  const { t } = useTranslation();
  const { number, date } = useFormat();
  const card = useRef<HTMLElement>(null);
  const near = useNearViewport(card);
  // Where this person has to go for this request (the volunteer, a donor delivering it).
  const go = carriedStops(request, props.user.id);

  return (
    <article
      ref={card}
      id={requestCardId(request.id)}
      tabIndex={-1}
      className="item-card"
      aria-labelledby={`request-${request.id}`}
    >
      <div className="item-card__head">
        <h3 id={`request-${request.id}`} className="item-card__title">
          {request.foodType}
        </h3>
        <RequestStatusBadge status={request.status} />
      </div>
      <QueuedActions ids={[request.id, request.donationId]} />
      <p className="item-card__meta">
        <span className="chip">
          {`${number(request.quantity)} ${t(`donations.units.${request.unit}`)}`}
        </span>
        {/* What changed hands, once measured: the donor's figure above was an estimate. */}
        {request.receivedQuantity != null || request.pickedQuantity != null ? (
          <span className="chip chip--verified">
            {`${t(`handover.fields.${request.receivedQuantity != null ? 'receivedQuantity' : 'pickedQuantity'}`)}: ${number(request.receivedQuantity ?? request.pickedQuantity ?? 0)} ${t(`donations.units.${request.unit}`)}`}
          </span>
        ) : null}
        {request.isVolunteerRequest || request.isRoutedByVolunteer ? (
          <span className="chip chip--muted">{t('requests.card.byVolunteer')}</span>
        ) : null}
        {request.quality ? (
          <span
            className={`chip ${request.quality === 'good' ? 'chip--veg-veg' : 'chip--veg-mixed'}`}
          >
            {t(`requests.quality.${request.quality}`)}
          </span>
        ) : null}
        {request.destinationAccepted ? (
          <span className="chip chip--verified">{t('requests.card.deliveryAccepted')}</span>
        ) : null}
      </p>
      <dl className="item-card__facts">
        <div>
          <dt>{t('requests.card.donor')}</dt>
          <dd>
            {request.donorName}
            <RatingBadge rating={request.donorRating} />
          </dd>
        </div>
        {request.donorFssai !== undefined ? (
          <FssaiFact label={t('foodSafety.fssai.donor')} record={request.donorFssai} />
        ) : null}
        {request.safeUntil !== undefined ? (
          <FoodSafetyFacts
            holding={request.holding}
            allergens={request.allergens}
            safeUntil={request.safeUntil}
          />
        ) : null}
        {request.donorAddress !== null ? (
          <div>
            <dt>{t('requests.card.pickup')}</dt>
            <dd>
              {request.donorAddress}
              {go.pickup ? (
                <NavigateLinks point={go.pickup} kind="pickup" label={request.donorName} />
              ) : null}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t('privacy.area')}</dt>
            <dd>
              <ApproximateArea area={request.donorArea} />
            </dd>
          </div>
        )}
        {!request.isVolunteerRequest ? (
          <div>
            <dt>{t('requests.card.requester')}</dt>
            <dd>
              {request.requesterName}
              {request.requesterVerified ? (
                <span className="chip chip--verified">{t('donations.verified')}</span>
              ) : null}
            </dd>
          </div>
        ) : null}
        {request.collectBy ? (
          <div>
            <dt>{t('requests.card.collectBy')}</dt>
            <dd>
              {/* The day too once the deadline is not today: "12:01 am" alone reads as past. */}
              {date(
                request.collectBy,
                new Date(request.collectBy).toDateString() === new Date().toDateString()
                  ? { timeStyle: 'short' }
                  : { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
              )}
              <span className="item-card__hint">{t('requests.card.collectByHint')}</span>
            </dd>
          </div>
        ) : null}
        {request.volunteerName ? (
          <div>
            <dt>{t('requests.card.volunteer')}</dt>
            <dd>
              {request.volunteerName}
              <RatingBadge rating={request.volunteerRating} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('requests.card.requested')}</dt>
          <dd>{date(request.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
      </dl>
      {request.destinationName ? (
        <div className="item-card__box">
          <dl className="item-card__facts">
            <div>
              <dt>{t('requests.card.destination')}</dt>
              <dd>
                {request.destinationName}
                <RatingBadge rating={request.destinationRating} />
                {request.destinationType ? (
                  <span className="chip chip--muted">
                    {t(`destination.types.${request.destinationType}`)}
                  </span>
                ) : null}
              </dd>
            </div>
            {request.destinationAddress ? (
              <div>
                <dt>{t('fields.address')}</dt>
                <dd>{request.destinationAddress}</dd>
              </div>
            ) : request.destinationArea !== null ? (
              <div>
                <dt>{t('privacy.area')}</dt>
                <dd>
                  <ApproximateArea area={request.destinationArea} />
                </dd>
              </div>
            ) : null}
            {request.destinationPhone ? (
              <div>
                <dt>{t('fields.phone')}</dt>
                <dd>{request.destinationPhone}</dd>
              </div>
            ) : null}
            {request.destinationFssai !== undefined ? (
              <FssaiFact label={t('foodSafety.fssai.label')} record={request.destinationFssai} />
            ) : null}
          </dl>
          {go.dropoff ? (
            <NavigateLinks point={go.dropoff} kind="dropoff" label={request.destinationName} />
          ) : null}
        </div>
      ) : null}
      {request.notes ? <p className="item-card__notes">{request.notes}</p> : null}
      <CollectionPhoto request={request} user={props.user} near={near} />
      <RequestActions {...props} />
      <ThreadAction request={request} />
      <FeedbackAction request={request} />
    </article>
  );
}
