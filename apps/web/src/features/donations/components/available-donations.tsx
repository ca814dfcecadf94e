import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_NEARBY_RADIUS_KM,
  type Coordinates,
  type Donation,
  type DonationSort,
} from '@annasetu/domain';
import { ApproximateArea } from '../../../components/ui/approximate-area';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { VirtualList } from '../../../components/ui/virtual-list';
import { translateError } from '../../../lib/errors';
import { useFormat } from '../../../lib/use-format';
import { useAvailableDonations } from '../api/get-available-donations';
import { expiryLabel, useNow } from '../lib/expiry';
import { AvailableControls } from './available-controls';
import { DonationAction, type FeedKind } from './donation-actions';
import { DonationCard } from './donation-card';
import { LazyRequestDialog } from './lazy-request-dialog';

/** One point on a map: a donation or a receiver, with what its popup shows. */
export interface MapMarker {
  id: string;
  position: Coordinates;
  kind: 'donation' | 'receiver';
  title: string;
  popup: ReactNode;
}

/** The map that shows markers; loaded on demand by the page. */
export type MarkersMapComponent = ComponentType<{
  markers: MapMarker[];
  center: Coordinates | null;
  label: string;
}>;

/** Where a donation is picked up: its pickup point, else the donor's point. */
export function donationPoint(donation: Donation): Coordinates | null {
  return donation.pickupCoordinates ?? donation.donorCoordinates;
}

interface PopupProps {
  donation: Donation;
  now: number;
  action: ReactNode;
}

/** A marker popup: food, quantity, expiry, distance and the role's action (product section 4). */
export function DonationPopup({ donation, now, action }: PopupProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  return (
    <div className="map-popup">
      <p className="map-popup__title">{donation.foodType}</p>
      <p>{`${number(donation.quantity)} ${t(`donations.units.${donation.unit}`)}`}</p>
      <p>{expiryLabel(t, donation.expiryTime, now)}</p>
      {donation.distanceKm !== undefined ? (
        <p>
          {t('donations.distance', {
            km: number(donation.distanceKm, { maximumFractionDigits: 1 }),
          })}
        </p>
      ) : null}
      {donation.detailsShown ? null : (
        <p>
          <ApproximateArea area={donation.pickupArea} />
        </p>
      )}
      <div className="map-popup__action">{action}</div>
    </div>
  );
}

interface AvailableDonationsProps {
  kind: FeedKind;
  center: Coordinates | null;
  MapView?: MarkersMapComponent;
}

/**
 * Donations available to this user within a radius: volunteers get Grab, receivers Request.
 * A list (sorted by distance or newest, with more pages) or a map.
 */
export function AvailableDonations({ kind, center, MapView }: AvailableDonationsProps) {
  const { t } = useTranslation();
  const now = useNow();
  const [radiusKm, setRadiusKm] = useState<number>(DEFAULT_NEARBY_RADIUS_KM);
  const [sort, setSort] = useState<DonationSort>('distance');
  // The view is in the address (?view=map), so a link or a reload opens the map directly.
  const [params, setParams] = useSearchParams();
  const view: 'list' | 'map' = params.get('view') === 'map' ? 'map' : 'list';
  const setView = (value: 'list' | 'map') =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'map') next.set('view', 'map');
        else next.delete('view');
        return next;
      },
      { replace: true },
    );
  const [requesting, setRequesting] = useState<Donation | null>(null);
  const query = useAvailableDonations({ radiusKm, sort });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const titleKey =
    kind === 'volunteer' ? 'donations.available.toCollect' : 'donations.available.title';

  const action = (donation: Donation) => (
    <DonationAction donation={donation} kind={kind} onRequest={setRequesting} />
  );

  const markers: MapMarker[] = items.flatMap((donation) => {
    const position = donationPoint(donation);
    return position
      ? [
          {
            id: donation.id,
            position,
            kind: 'donation' as const,
            title: donation.foodType,
            popup: <DonationPopup donation={donation} now={now} action={action(donation)} />,
          },
        ]
      : [];
  });

  return (
    <section className="page__section" aria-labelledby="available-title">
      <div className="section-bar">
        <h2 id="available-title" className="section-heading">
          {t(titleKey)}
        </h2>
        {MapView ? (
          <div className="segmented" role="group" aria-label={t('donations.view.label')}>
            {(['list', 'map'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className="segmented__option"
                aria-pressed={view === value}
                onClick={() => setView(value)}
              >
                {t(`donations.view.${value}`)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <p className="section-lead">
        {center ? t('donations.available.lead') : t('donations.available.noLocation')}
      </p>
      <AvailableControls
        radiusKm={radiusKm}
        onRadiusChange={setRadiusKm}
        sort={view === 'list' ? sort : undefined}
        onSortChange={setSort}
      />
      {query.isPending ? <Spinner label={t('common.loading')} /> : null}
      {query.isError ? (
        <p className="alert alert--error" role="alert">
          {translateError(t, query.error)}
        </p>
      ) : null}
      {query.isSuccess ? (
        <p className="result-count" aria-live="polite">
          {t('donations.available.count', { count: items.length })}
        </p>
      ) : null}
      {view === 'map' && MapView ? (
        <Suspense fallback={<Spinner label={t('map.loading')} />}>
          <MapView markers={markers} center={center} label={t(titleKey)} />
        </Suspense>
      ) : (
        <>
          {query.isSuccess && items.length === 0 ? (
            <div className="empty-state">
              <p className="empty-state__title">{t('donations.available.emptyTitle')}</p>
              <p className="empty-state__body">{t('donations.available.emptyBody')}</p>
            </div>
          ) : null}
          <VirtualList
            className="item-list"
            items={items}
            getKey={(donation) => donation.id}
            estimateSize={520}
            renderRow={(donation, row) => (
              <li {...row}>
                <DonationCard donation={donation} now={now} actions={action(donation)} />
              </li>
            )}
          />
        </>
      )}
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('donations.loadMore')}
        </Button>
      ) : null}
      <LazyRequestDialog donation={requesting} onClose={() => setRequesting(null)} />
    </section>
  );
}
