import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/use-format';
import { useAdminEvents } from '../api/admin-api';

const ENTITIES = new Set(['user', 'donation', 'request', 'collection', 'session']);

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
                    <code className="admin-events__action">{event.action}</code>
                  </td>
                  <td className="admin-events__change">
                    {event.fromStatus || event.toStatus ? (
                      <span>
                        {event.fromStatus ?? '–'}
                        {' → '}
                        {event.toStatus ?? '–'}
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
