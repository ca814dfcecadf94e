import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FoodRequest } from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { StatCard } from '../../../components/ui/stat-card';
import { HeartHandIcon, InboxIcon, TruckIcon } from '../../../components/ui/icons';
import { useFormat } from '../../../lib/use-format';
import { useIncoming } from '../api/get-incoming';
import { FeedbackAction } from './feedback-action';
import { RatingBadge } from '../../../components/ui/rating-badge';
import { countStages, incomingStage, sortIncoming } from '../lib/incoming';

// The dashboard shows the open deliveries and a few recent ones; the requests page has them all.
const SHOWN = 8;

function IncomingCard({ request }: { request: FoodRequest }) {
  const { t } = useTranslation();
  const { number, date } = useFormat();
  const stage = incomingStage(request);
  return (
    <article className="incoming-card" data-stage={stage}>
      <div className="incoming-card__head">
        <h3 className="incoming-card__title">{request.foodType}</h3>
        <span className={`status-chip status-chip--${stage}`}>
          {t(`dashboard.incoming.stages.${stage}`)}
        </span>
      </div>
      <p className="incoming-card__meta">
        {`${number(request.quantity)} ${t(`impact.units.${request.unit}`)}`}
        {request.quality === 'bad' ? (
          <span className="chip chip--unfit">{t('dashboard.incoming.unfit')}</span>
        ) : null}
      </p>
      <dl className="incoming-card__facts">
        <div>
          <dt>{t('dashboard.incoming.from')}</dt>
          <dd>
            {request.donorName}
            <RatingBadge rating={request.donorRating} />
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.incoming.carrier')}</dt>
          <dd>
            {request.volunteerName ?? t('dashboard.incoming.selfDelivery')}
            <RatingBadge rating={request.volunteerRating} />
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.incoming.updated')}</dt>
          <dd>
            <time dateTime={request.updatedAt}>
              {date(request.updatedAt, {
                day: 'numeric',
                month: 'short',
                hour: 'numeric',
                minute: '2-digit',
              })}
            </time>
          </dd>
        </div>
      </dl>
      {stage !== 'received' ? (
        <Link to="/requests" className="text-link">
          {stage === 'awaiting'
            ? t('dashboard.incoming.actAccept')
            : stage === 'onTheWay'
              ? t('dashboard.incoming.actConfirm')
              : t('dashboard.incoming.actOpen')}
        </Link>
      ) : (
        <FeedbackAction request={request} />
      )}
    </article>
  );
}

/**
 * Nurseries and poultry farms: the deliveries of food unfit for people coming to them, counted
 * by stage, with the open ones first and a link to the requests page to act on them.
 */
export function IncomingDeliveries() {
  const { t } = useTranslation();
  const { number } = useFormat();
  const incoming = useIncoming();

  if (incoming.isError) {
    return <Alert tone="error" title={t('dashboard.incoming.loadError')} />;
  }
  if (incoming.isPending) {
    return (
      <div className="stat-grid" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="stat-card skeleton-card" aria-hidden="true" />
        ))}
      </div>
    );
  }
  const counts = countStages(incoming.data);
  const shown = sortIncoming(incoming.data).slice(0, SHOWN);
  return (
    <div className="incoming">
      <div className="stat-grid" data-testid="incoming-counts">
        <StatCard
          icon={<InboxIcon />}
          tone="saffron"
          label={t('dashboard.incoming.counts.awaiting')}
          value={number(counts.awaiting + counts.accepted)}
        />
        <StatCard
          icon={<TruckIcon />}
          tone="blue"
          label={t('dashboard.incoming.counts.onTheWay')}
          value={number(counts.onTheWay)}
        />
        <StatCard
          icon={<HeartHandIcon />}
          label={t('dashboard.incoming.counts.received')}
          value={number(counts.received)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="incoming__empty">{t('dashboard.incoming.empty')}</p>
      ) : (
        <ul className="incoming__list" data-testid="incoming-list">
          {shown.map((request) => (
            <li key={request.id}>
              <IncomingCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
