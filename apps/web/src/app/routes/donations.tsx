import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { isDonorRole, isReceiverRole, isVolunteerRole, type UserProfile } from '@annasetu/domain';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { AvailableDonations } from '../../features/donations/components/available-donations';
import { MyDonations } from '../../features/donations/components/my-donations';
import { RequestedDonations } from '../../features/donations/requested';
import { GrabAction } from '../../features/donations/grab-action';
import { GrabButton } from '../../features/requests/components/grab-button';
import { HygieneBanner } from '../../features/training/components/hygiene-status';
import { useRequestedDonationIds } from '../../features/requests/api/requested-donations';
import { useSession } from '../../lib/session';
import '../../styles/donations.css';

// A donor's recurring donations load beside their form: nobody else downloads them.
const SeriesList = lazy(() =>
  import('../../features/series/components/series-list').then((module) => ({
    default: module.SeriesList,
  })),
);
// The map library loads only when a map is on screen.
const MarkersMap = lazy(() => import('../../features/map/components/markers-map'));
// The donation form comes with its form library and its repeat option, for donors only
// (decision 0045).
const DonorForm = lazy(() =>
  import('../donor-form').then((module) => ({ default: module.DonorForm })),
);

/**
 * Donations by role: donors post and follow their own (individuals may also request),
 * volunteers find donations to grab, receivers find donations to request.
 */
export function DonationsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const donor = isDonorRole(user.role);
  const requester = isReceiverRole(user.role) || user.role === 'individual';

  return (
    <div className="page">
      <PageHeader
        title={t('sections.donations.title')}
        description={t(
          `donations.lead.${donor ? 'donor' : isVolunteerRole(user.role) ? 'volunteer' : 'receiver'}`,
        )}
      />
      {donor ? (
        <div className="donations-layout">
          <section className="panel">
            <Suspense fallback={<Spinner label={t('common.loading')} />}>
              <DonorForm user={user} />
            </Suspense>
          </section>
          <div>
            <Suspense fallback={null}>
              <SeriesList />
            </Suspense>
            <MyDonations />
          </div>
        </div>
      ) : null}
      {isVolunteerRole(user.role) ? <HygieneBanner passedAt={user.hygienePassedAt} /> : null}
      {isVolunteerRole(user.role) ? (
        <GrabAction.Provider value={GrabButton}>
          <AvailableDonations kind="volunteer" center={user.coordinates} MapView={MarkersMap} />
        </GrabAction.Provider>
      ) : null}
      {requester ? <RequesterFeed user={user} /> : null}
    </div>
  );
}

export { DonationsPage as Component };

/** A requester's feed, knowing which donations they asked for already. */
function RequesterFeed({ user }: { user: UserProfile }) {
  const requested = useRequestedDonationIds(true);
  return (
    <RequestedDonations.Provider value={requested}>
      <AvailableDonations kind="receiver" center={user.coordinates} MapView={MarkersMap} />
    </RequestedDonations.Provider>
  );
}
