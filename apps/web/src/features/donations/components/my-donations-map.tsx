import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coordinates } from '@annasetu/domain';
import { Spinner } from '../../../components/ui/spinner';
import { useMyDonations } from '../api/get-my-donations';
import { useNow } from '../lib/expiry';
import {
  DonationPopup,
  donationPoint,
  type MapMarker,
  type MarkersMapComponent,
} from './available-donations';
import { DonationStatusBadge } from './donation-status';

/** Donors (who have no feed to browse) see their own donations on the map. */
export function MyDonationsMap({
  center,
  MapView,
}: {
  center: Coordinates | null;
  MapView: MarkersMapComponent;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const query = useMyDonations();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const markers: MapMarker[] = items.flatMap((donation) => {
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
            action={<DonationStatusBadge status={donation.status} />}
          />
        ),
      },
    ];
  });
  return (
    <section className="page__section" aria-labelledby="my-map-title">
      <h2 id="my-map-title" className="section-heading">
        {t('map.mine')}
      </h2>
      <p className="section-lead">{t('map.mineLead')}</p>
      <Suspense fallback={<Spinner label={t('map.loading')} />}>
        <MapView markers={markers} center={center} label={t('map.mine')} />
      </Suspense>
    </section>
  );
}
