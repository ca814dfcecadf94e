import { lazy } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DESTINATION_TYPES,
  REQUESTER_ROLES,
  hasAnyRole,
  isVolunteerRole,
  type UserSummary,
} from '@annasetu/domain';
import { ApproximateArea } from '../../components/ui/approximate-area';
import { PageHeader } from '../../components/ui/page-header';
import type { MapMarker } from '../../features/donations/components/available-donations';
import { MyDonationsMap } from '../../features/donations/components/my-donations-map';
import { NearbyMap } from '../../features/donations/components/nearby-map';
import { RequestedDonations } from '../../features/donations/requested';
import { GrabAction } from '../../features/donations/grab-action';
import { GrabButton } from '../../features/requests/components/grab-button';
import { useRequestedDonationIds } from '../../features/requests/api/requested-donations';
import { usersByRoleQueryOptions } from '../../lib/users-by-role';
import { useSession } from '../../lib/session';
import { useFormat } from '../../lib/use-format';
import '../../styles/donations.css';

const MarkersMap = lazy(() => import('../../features/map/components/markers-map'));

function ReceiverPopup({ receiver }: { receiver: UserSummary }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  return (
    <div className="map-popup">
      <p className="map-popup__title">{receiver.organizationName || receiver.name}</p>
      <p>{t(`destination.types.${receiver.role}`)}</p>
      {receiver.distanceKm !== null ? (
        <p>
          {t('donations.distance', {
            km: number(receiver.distanceKm, { maximumFractionDigits: 1 }),
          })}
        </p>
      ) : null}
      <p>
        <ApproximateArea area={receiver.area} />
      </p>
    </div>
  );
}

/** Available donations on a map within a radius; volunteers also see where food can go. */
export function MapPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const volunteer = user ? isVolunteerRole(user.role) : false;
  const receivers = useQueries({
    queries: DESTINATION_TYPES.map((role) => ({
      ...usersByRoleQueryOptions(role),
      enabled: volunteer,
    })),
  });
  const requested = useRequestedDonationIds(
    !!user && !volunteer && hasAnyRole(user.role, REQUESTER_ROLES),
  );
  if (!user) return null;

  const receiverMarkers: MapMarker[] = volunteer
    ? receivers.flatMap((query) =>
        (query.data?.items ?? []).flatMap((receiver) =>
          receiver.coordinates
            ? [
                {
                  id: receiver.id,
                  position: receiver.coordinates,
                  kind: 'receiver' as const,
                  title: receiver.organizationName || receiver.name,
                  popup: <ReceiverPopup receiver={receiver} />,
                },
              ]
            : [],
        ),
      )
    : [];

  return (
    <div className="page">
      <PageHeader title={t('sections.map.title')} description={t('sections.map.description')} />
      {volunteer || hasAnyRole(user.role, REQUESTER_ROLES) ? (
        <RequestedDonations.Provider value={requested}>
          <GrabAction.Provider value={GrabButton}>
            <NearbyMap
              kind={volunteer ? 'volunteer' : 'receiver'}
              center={user.coordinates}
              MapView={MarkersMap}
              extraMarkers={receiverMarkers}
            />
          </GrabAction.Provider>
        </RequestedDonations.Provider>
      ) : (
        <MyDonationsMap center={user.coordinates} MapView={MarkersMap} />
      )}
    </div>
  );
}

export { MapPage as Component };
