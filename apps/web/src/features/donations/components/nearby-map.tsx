import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_NEARBY_RADIUS_KM, type Coordinates, type Donation } from '@annasetu/domain';
import { Spinner } from '../../../components/ui/spinner';
import { translateError } from '../../../lib/errors';
import { useAvailableDonations } from '../api/get-available-donations';
import { useNow } from '../lib/expiry';
import { AvailableControls } from './available-controls';
import {
  DonationPopup,
  donationPoint,
  type MapMarker,
  type MarkersMapComponent,
} from './available-donations';
import { DonationAction, type FeedKind } from './donation-actions';
import { LazyRequestDialog } from './lazy-request-dialog';

interface NearbyMapProps {
  kind: FeedKind;
  center: Coordinates | null;
  MapView: MarkersMapComponent;
  /** More points to show (receivers, for volunteers). */
  extraMarkers?: MapMarker[];
}

/** The /map page's content: every available donation within the radius, with its action. */
export function NearbyMap({ kind, center, MapView, extraMarkers = [] }: NearbyMapProps) {
  const { t } = useTranslation();
  const now = useNow();
  const [radiusKm, setRadiusKm] = useState<number>(DEFAULT_NEARBY_RADIUS_KM);
  const [requesting, setRequesting] = useState<Donation | null>(null);
  const query = useAvailableDonations({ radiusKm, sort: 'distance' });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  const markers: MapMarker[] = [
    ...items.flatMap((donation) => {
      const position = donationPoint(donation);
      if (!position) return [];
      return [
        {
          id: donation.id,
          position,
          kind: 'donation' as const,
          title: donation.foodType,
          popup: (
            <DonationPopup
              donation={donation}
              now={now}
              action={<DonationAction donation={donation} kind={kind} onRequest={setRequesting} />}
            />
          ),
        },
      ];
    }),
    ...extraMarkers,
  ];

  return (
    <section className="page__section" aria-labelledby="nearby-map-title">
      <h2 id="nearby-map-title" className="sr-only">
        {t('map.available')}
      </h2>
      <AvailableControls radiusKm={radiusKm} onRadiusChange={setRadiusKm} />
      {query.isError ? (
        <p className="alert alert--error" role="alert">
          {translateError(t, query.error)}
        </p>
      ) : null}
      <p className="result-count" aria-live="polite">
        {query.isPending
          ? t('common.loading')
          : t('donations.available.count', { count: items.length })}
      </p>
      <Suspense fallback={<Spinner label={t('map.loading')} />}>
        <MapView markers={markers} center={center} label={t('map.available')} />
      </Suspense>
      <LazyRequestDialog donation={requesting} onClose={() => setRequesting(null)} />
    </section>
  );
}
