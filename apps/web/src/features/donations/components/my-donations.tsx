import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Donation } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { VirtualList } from '../../../components/ui/virtual-list';
import { translateError } from '../../../lib/errors';
import { focusWhenPresent } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { useDeleteDonation } from '../api/donation-mutations';
import { useMyDonations } from '../api/get-my-donations';
import { MY_DONATIONS_HEADING_ID } from '../lib/card-id';
import { useNow } from '../lib/expiry';
import { DonationCard } from './donation-card';
import { LazyLabelDialog } from './lazy-label-dialog';

// The delete confirmation loads with the first tap on Delete: the donor's page keeps its first
// download within budget, and most visits delete nothing.
const ConfirmDialog = lazy(() =>
  import('../../../components/ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);

// A donation can be deleted until someone collects it (product section 5).
const DELETABLE = new Set<Donation['status']>(['pending', 'accepted', 'expired']);

/**
 * The donor's own donations, newest first, with status, countdown, requests, a printable label
 * for the containers and delete.
 */
export function MyDonations() {
  const { t } = useTranslation();
  const now = useNow();
  const query = useMyDonations();
  const remove = useDeleteDonation();
  const [target, setTarget] = useState<Donation | null>(null);
  // Once opened, the confirmation stays on the page, so closing it returns focus as usual.
  const [confirmOpened, setConfirmOpened] = useState(false);
  if (target && !confirmOpened) setConfirmOpened(true);
  const [labelFor, setLabelFor] = useState<Donation | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  function handleDelete() {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        void toast.success(t('donations.toast.deleted'));
        setTarget(null);
        // The card and its button are gone: focus goes to the list's heading.
        focusWhenPresent(MY_DONATIONS_HEADING_ID);
      },
      onError: () => {
        void toast.error(t('donations.toast.deleteError'));
        setTarget(null);
      },
    });
  }

  return (
    <section className="page__section" aria-labelledby="my-donations-title">
      <h2 id={MY_DONATIONS_HEADING_ID} className="section-heading" tabIndex={-1}>
        {t('donations.mine.title')}
      </h2>
      {query.isPending ? <Spinner label={t('common.loading')} /> : null}
      {query.isError ? (
        <p className="alert alert--error" role="alert">
          {translateError(t, query.error)}
        </p>
      ) : null}
      {query.isSuccess && items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('donations.mine.emptyTitle')}</p>
          <p className="empty-state__body">{t('donations.mine.emptyBody')}</p>
        </div>
      ) : null}
      <VirtualList
        className="item-list"
        aria-labelledby={MY_DONATIONS_HEADING_ID}
        items={items}
        getKey={(donation) => donation.id}
        estimateSize={520}
        renderRow={(donation, row) => (
          <li {...row}>
            <DonationCard
              donation={donation}
              now={now}
              showRequests
              actions={
                <>
                  <Button variant="secondary" size="sm" onClick={() => setLabelFor(donation)}>
                    {t('label.print')}
                  </Button>
                  {DELETABLE.has(donation.status) ? (
                    <Button variant="secondary" size="sm" onClick={() => setTarget(donation)}>
                      {t('donations.mine.delete')}
                    </Button>
                  ) : null}
                </>
              }
            />
          </li>
        )}
      />
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('donations.loadMore')}
        </Button>
      ) : null}
      {confirmOpened ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={target !== null}
            title={t('donations.mine.confirmTitle')}
            body={t('donations.mine.confirmBody', { food: target?.foodType ?? '' })}
            confirmLabel={t('donations.mine.confirmDelete')}
            busy={remove.isPending}
            onConfirm={handleDelete}
            onClose={() => setTarget(null)}
          />
        </Suspense>
      ) : null}
      <LazyLabelDialog donation={labelFor} onClose={() => setLabelFor(null)} />
    </section>
  );
}
