import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EVENT_ACTIONS } from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/use-format';
import { useAdminEvents } from '../api/admin-api';

const ENTITIES = new Set(['user', 'donation', 'request', 'collection', 'session']);
const ACTIONS = new Set<string>(EVENT_ACTIONS);
// Status words by entity: a donation's `rejected` reads "not fit for people".
const STATUS_KEYS: Record<string, string> = {
  donation: 'donations.status',
  request: 'requests.status',
};

/** A logged status in the reader's language, or as stored when there is no label for it. */
function statusLabel(t: TFunction, entityType: string, status: string | null) {
  if (!status) return '–';
  const base = STATUS_KEYS[entityType];
  return base ? t(`${base}.${status}`, { defaultValue: status }) : status;
}

/** The event log, newest first: what changed, from which status to which, and when. */
export function AdminEvents() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const query = useAdminEvents();
  const events = query.data?.pages.flat() ?? [];

  return (
    <section className="page__section" aria-labelledby="admin-events-title">
      <h2 id="admin-events-title" className="section-heading">
        {t('admin.eventsTitle')}
      </h2>
      {query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : query.isError ? (
        <Alert tone="error" title={t('admin.eventsError')} />
      ) : events.length === 0 ? (
        <p className="admin-empty">{t('admin.eventsEmpty')}</p>
      ) : (
        <div
          className="admin-events panel"
          role="region"
          aria-labelledby="admin-events-title"
          tabIndex={0}
        >
          <table className="admin-events__table">
            <thead>
              <tr>
                <th scope="col">{t('admin.eventColumns.when')}</th>
                <th scope="col">{t('admin.eventColumns.what')}</th>
                <th scope="col">{t('admin.eventColumns.change')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td className="admin-events__when">
                    <time dateTime={event.createdAt}>
                      {date(event.createdAt, { dateStyle: 'short', timeStyle: 'short' })}
                    </time>
                  </td>
                  <td>
                    <span className="chip">
                      {ENTITIES.has(event.entityType)
                        ? t(`admin.entity.${event.entityType}`)
                        : event.entityType}
                    </span>{' '}
                    <span className="admin-events__action" data-action={event.action}>
                      {ACTIONS.has(event.action)
                        ? t(`admin.eventLabels.${event.action}`)
                        : event.action}
                    </span>
                  </td>
                  <td className="admin-events__change">
                    {event.fromStatus || event.toStatus ? (
                      <span>
                        {statusLabel(t, event.entityType, event.fromStatus)}
                        {' → '}
                        {statusLabel(t, event.entityType, event.toStatus)}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage ? (
        <div className="admin-more">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('admin.eventsMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
