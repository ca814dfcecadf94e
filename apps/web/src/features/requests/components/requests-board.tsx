import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_REQUEST_FILTER,
  DONOR_ROLES,
  REQUEST_FILTERS,
  REQUEST_FILTER_STATUSES,
  hasAnyRole,
  isVolunteerRole,
  RECEIVER_ROLES,
  type FoodRequest,
  type RequestFilter,
  type UserProfile,
} from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { VirtualList, type RowProps } from '../../../components/ui/virtual-list';
import { translateError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import { useIncoming } from '../api/get-incoming';
import { useRequests } from '../api/get-requests';
import { useTrip } from '../api/get-trip';
import { requestActions, useRequestAction } from '../api/request-mutations';
import { carryingMoves } from '../api/carrying-moves';
import { REQUESTS_HEADING_ID } from '../lib/card-id';
import { RECENT_RECEIVED, incomingShown } from '../lib/incoming';
import { LazyReceiptDialog } from './lazy-receipt-dialog';
import { RequestCard, type RequestCardHandlers } from './request-card';
import { isQueued } from '../../../offline/lib/queue';
import { translateCode } from '../../../lib/errors';

// The collect form and its form library stay out of the page's first download: a volunteer's
// page fetches them once it is shown, so the dialog is at hand when first opened (decision 0045).
const loadCollectDialog = () => import('./collect-dialog');
// The release and withdraw questions load when first asked: most visits never ask them, and
// the screen keeps within its first-download budget.
const ConfirmDialog = lazy(() =>
  import('../../../components/ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);
const CollectDialog = lazy(() =>
  loadCollectDialog().then((module) => ({ default: module.CollectDialog })),
);
// The trip (stops in order, navigate links) is for those who carry food: loaded with its data.
const TripPanel = lazy(() =>
  import('./trip-panel').then((module) => ({ default: module.TripPanel })),
);

/** A request card's usual height on a phone; each card is measured once shown. */
const REQUEST_CARD_HEIGHT = 420;

/**
 * The requests screen's content: filter tabs, request cards with each role's actions,
 * incoming deliveries for receivers, and the collect, receipt and withdraw dialogs. `aside`
 * (the "how it works" panel) sits beside the content on a wide screen and below it on a phone.
 *
 * Until the first answers are in (the list, and the incoming deliveries for a receiver), the
 * first section's heading stands over a placeholder, and what comes below it (a receiver's
 * request list, the aside on a phone) waits: drawn as the answers arrived, it moved down the
 * screen (decision 0049).
 */
export function RequestsBoard({ user, aside }: { user: UserProfile; aside?: ReactNode }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  // Opened for one request (a notification's link), the list shows every request: that one may
  // be finished and out of the default "active" list, and its conversation opens from its card.
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<RequestFilter>(() =>
    params.has('focus') ? 'all' : DEFAULT_REQUEST_FILTER,
  );
  const [collecting, setCollecting] = useState<FoodRequest | null>(null);
  // Once opened, the collect dialog stays on the page, so closing it returns focus as usual.
  const [collectOpened, setCollectOpened] = useState(false);
  const [withdrawing, setWithdrawing] = useState<FoodRequest | null>(null);
  const [releasing, setReleasing] = useState<FoodRequest | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);
  if ((releasing || withdrawing) && !confirmOpened) setConfirmOpened(true);
  const [receiving, setReceiving] = useState<{
    request: FoodRequest;
    selfDelivery: boolean;
  } | null>(null);
  const receiver = hasAnyRole(user.role, [...RECEIVER_ROLES, 'individual']);
  const list = useRequests(filter);
  const incoming = useIncoming(receiver);
  const [allReceived, setAllReceived] = useState(false);
  const incomingList = incomingShown(incoming.data ?? [], allReceived);
  const withdraw = useRequestAction(requestActions.withdraw);
  const release = useRequestAction(carryingMoves.release);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const closeCollect = useCallback(() => setCollecting(null), []);
  const volunteer = isVolunteerRole(user.role);
  // Those who carry food (a volunteer's grabs, a donor's self deliveries) get their trip.
  const carrier = volunteer || hasAnyRole(user.role, DONOR_ROLES);
  const trip = useTrip(carrier);
  // Food already collected is in no filter but "all" and "collected" ones (the seed's "active"
  // is pending or accepted), yet it still has to be delivered: it stays at hand above the list.
  const filterShowsCollected = REQUEST_FILTER_STATUSES[filter]?.includes('collected') ?? true;
  // Not a job the list below already shows: a collection waiting for signal is collected in the
  // cached list before the server's filter has left it out, and a card is never drawn twice.
  const listed = new Set(items.map((request) => request.id));
  const inHand = filterShowsCollected
    ? []
    : (trip.data ?? []).filter(
        (request) => request.status === 'collected' && !listed.has(request.id),
      );

  useEffect(() => {
    if (volunteer) loadCollectDialog().catch(() => undefined);
  }, [volunteer]);

  // Once the first answers are in, the sections stay: a new filter's list loads in its section.
  const [ready, setReady] = useState(false);
  if (
    !ready &&
    !list.isPending &&
    !(receiver && incoming.isPending) &&
    !(carrier && trip.isPending)
  ) {
    setReady(true);
  }

  // Stable, so the cards already shown are not rendered again when the board is.
  const handlers = useMemo<RequestCardHandlers>(
    () => ({
      onCollect: (request) => {
        setCollectOpened(true);
        setCollecting(request);
      },
      onWithdraw: setWithdrawing,
      onRelease: setReleasing,
      onConfirmReceipt: (request, selfDelivery) => setReceiving({ request, selfDelivery }),
    }),
    [],
  );
  const renderRow = useCallback(
    (request: FoodRequest, row: RowProps) => (
      <li {...row}>
        <RequestCard request={request} user={user} {...handlers} />
      </li>
    ),
    [user, handlers],
  );

  function handleWithdraw() {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => void toast.success(t('requests.toast.updated')),
      onError: (error) => {
        if (isQueued(error)) void toast.success(translateCode(t, 'QUEUED_OFFLINE'));
        else void toast.error(t('requests.toast.updateError'));
      },
      onSettled: () => setWithdrawing(null),
    });
  }

  function handleRelease() {
    if (!releasing) return;
    const food = releasing.foodType;
    release.mutate(releasing, {
      onSuccess: () => void toast.success(t('requests.toast.released', { food })),
      onError: (error) => {
        if (isQueued(error)) void toast.success(translateCode(t, 'QUEUED_OFFLINE'));
        else void toast.error(translateError(t, error));
      },
      onSettled: () => setReleasing(null),
    });
  }

  return (
    <>
      <div className="requests-layout">
        <div className="requests-layout__main">
          {/* The trip waits with the lists (above them, it would push them down as it came). */}
          {ready && trip.data ? (
            <Suspense fallback={null}>
              <TripPanel user={user} requests={trip.data} />
            </Suspense>
          ) : null}
          {ready && inHand.length > 0 ? (
            <section className="page__section" aria-labelledby="in-hand-title">
              <h2 id="in-hand-title" className="section-heading">
                {t('requests.inHand.title')}
              </h2>
              <p className="section-lead">{t('requests.inHand.lead')}</p>
              <VirtualList
                className="item-list"
                aria-labelledby="in-hand-title"
                items={inHand}
                getKey={(request) => request.id}
                estimateSize={REQUEST_CARD_HEIGHT}
                renderRow={renderRow}
              />
            </section>
          ) : null}
          {receiver ? (
            <section className="page__section" aria-labelledby="incoming-title">
              <h2 id="incoming-title" className="section-heading">
                {t('requests.incoming.title')}
              </h2>
              <p className="section-lead">{t('requests.incoming.lead')}</p>
              {!ready ? <BoardPlaceholder /> : null}
              {incoming.isError ? (
                <p className="alert alert--error" role="alert">
                  {translateError(t, incoming.error)}
                </p>
              ) : null}
              {incoming.isSuccess && incoming.data.length === 0 ? (
                <p className="empty-inline">{t('requests.incoming.empty')}</p>
              ) : null}
              <VirtualList
                className="item-list"
                aria-labelledby="incoming-title"
                items={ready ? incomingList.shown : []}
                getKey={(request) => request.id}
                estimateSize={REQUEST_CARD_HEIGHT}
                renderRow={renderRow}
              />
              {ready && incomingList.received > RECENT_RECEIVED ? (
                <Button variant="secondary" onClick={() => setAllReceived((all) => !all)}>
                  {allReceived
                    ? t('requests.incoming.showRecentReceived')
                    : t('requests.incoming.showAllReceived', {
                        count: incomingList.received,
                        n: number(incomingList.received),
                      })}
                </Button>
              ) : null}
            </section>
          ) : null}

          {/* Below the incoming deliveries, the list waits for them: drawn earlier, it would move. */}
          {ready || !receiver ? (
            <section className="page__section" aria-labelledby="requests-list-title">
              <h2 id={REQUESTS_HEADING_ID} className="section-heading" tabIndex={-1}>
                {t('requests.list.title')}
              </h2>
              <div className="tabs" role="group" aria-label={t('requests.filter.label')}>
                {REQUEST_FILTERS.map((value) => (
                  <button
                    key={value}
                    type="button"
                    className="tabs__tab"
                    aria-pressed={filter === value}
                    onClick={() => setFilter(value)}
                  >
                    {t(`requests.filter.${value}`)}
                  </button>
                ))}
              </div>
              {!ready ? <BoardPlaceholder /> : null}
              {ready && list.isPending ? <Spinner label={t('common.loading')} /> : null}
              {list.isError ? (
                <p className="alert alert--error" role="alert">
                  {translateError(t, list.error)}
                </p>
              ) : null}
              {list.isSuccess && items.length === 0 ? (
                <div className="empty-state">
                  <p className="empty-state__title">{t('requests.list.emptyTitle')}</p>
                  <p className="empty-state__body">{t('requests.list.emptyBody')}</p>
                </div>
              ) : null}
              <VirtualList
                className="item-list"
                aria-labelledby="requests-list-title"
                items={ready ? items : []}
                getKey={(request) => request.id}
                estimateSize={REQUEST_CARD_HEIGHT}
                renderRow={renderRow}
              />
              {ready && list.hasNextPage ? (
                <Button
                  variant="secondary"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('donations.loadMore')}
                </Button>
              ) : null}
            </section>
          ) : null}
        </div>
        {ready ? aside : null}
      </div>

      {collectOpened ? (
        <Suspense fallback={null}>
          <CollectDialog request={collecting} onClose={closeCollect} />
        </Suspense>
      ) : null}
      <LazyReceiptDialog target={receiving} onClose={() => setReceiving(null)} />
      {confirmOpened ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={releasing !== null}
            title={t('requests.release.title')}
            body={t('requests.release.body', { food: releasing?.foodType ?? '' })}
            confirmLabel={t('requests.release.confirm')}
            busy={release.isPending}
            onConfirm={handleRelease}
            onClose={() => setReleasing(null)}
          />
          <ConfirmDialog
            open={withdrawing !== null}
            title={t('requests.withdraw.title')}
            body={t('requests.withdraw.body', { food: withdrawing?.foodType ?? '' })}
            confirmLabel={t('requests.withdraw.confirm')}
            busy={withdraw.isPending}
            onConfirm={handleWithdraw}
            onClose={() => setWithdrawing(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A section's cards while the board's first answers load: a card-sized block under the spinner,
 * so the page looks as it will and nothing below it shows yet.
 */
function BoardPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="requests-loading" aria-busy="true">
      <Spinner label={t('common.loading')} />
      <div className="requests-loading__block" aria-hidden="true" />
    </div>
  );
}
