import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { VirtualList, type RowProps } from '../../components/ui/virtual-list';
import { translateCode } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useQueue, useQueuedFor } from '../hooks/use-queue';
import { ACTION_LABEL_KEYS } from '../lib/labels';
import { isQueuedRequestId, removeAction } from '../lib/queue';
import type { QueuedAction } from '../lib/store';
import '../offline.css';

/**
 * One queued or refused action: "waiting for signal" with Cancel, or why it was refused. An
 * action that may already have reached the server (a send lost its answer) cannot be cancelled;
 * a cancel of an action being sent waits for the answer and says if it went.
 */
export function QueuedActionRow({ action, ...row }: { action: QueuedAction } & RowProps) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState(false);
  const label = t(ACTION_LABEL_KEYS[action.kind]);
  const what = action.title ? `${label} · ${action.title}` : label;
  const refused = action.state === 'refused';
  const onItsWay = !refused && action.maybeSent === true;
  const remove = async () => {
    setRemoving(true);
    try {
      const outcome = await removeAction(action.id!);
      if (outcome === 'sent') void toast.message(t('offline.card.alreadySent', { action: what }));
      if (outcome === 'maybeSent') void toast.message(t('offline.card.maybeSent'));
    } catch {
      // No IndexedDB: there is no queue to drop anything from.
    } finally {
      setRemoving(false);
    }
  };
  return (
    <li
      {...row}
      className={`queued-action queued-action--${action.state}`}
      data-testid={`queued-${action.kind}`}
      data-state={action.state}
    >
      <div className="queued-action__text" role={refused ? 'alert' : undefined}>
        <p className="queued-action__title">
          {refused
            ? t('offline.card.refused', { action: what })
            : t('offline.card.waiting', { action: what })}
        </p>
        {refused ? (
          <p className="queued-action__reason">
            {translateCode(t, action.errorCode ?? 'INTERNAL_ERROR')}
          </p>
        ) : null}
        {onItsWay ? <p className="queued-action__reason">{t('offline.card.maybeSent')}</p> : null}
      </div>
      {onItsWay ? null : (
        <Button
          variant={refused ? 'secondary' : 'ghost'}
          size="sm"
          loading={removing}
          onClick={() => void remove()}
          aria-label={`${refused ? t('offline.card.dismiss') : t('offline.card.cancel')}: ${what}`}
        >
          {refused ? t('offline.card.dismiss') : t('offline.card.cancel')}
        </Button>
      )}
    </li>
  );
}

/** The actions waiting (or refused) for one request card, by the request's and donation's ids. */
export function QueuedActions({ ids }: { ids: Array<string | null | undefined> }) {
  const actions = useQueuedFor(...ids).filter((a) => !LISTED_KINDS.has(a.kind));
  if (actions.length === 0) return null;
  return (
    <ul className="queued-actions">
      {actions.map((action) => (
        <QueuedActionRow key={action.id} action={action} />
      ))}
    </ul>
  );
}

/**
 * Actions whose card may not be on screen: a grab (the feed of others' donations is not kept
 * offline, and a lost grab's donation leaves it), a donation not yet posted, a notification read.
 * Request moves show on their request card instead.
 */
const LISTED_KINDS = new Set<QueuedAction['kind']>(['grab', 'postDonation', 'readNotification']);

/**
 * Listed too: a refusal of something recorded on a grab that never happened (its request card,
 * made up on the device, went with the grab).
 */
const isListed = (action: QueuedAction) =>
  LISTED_KINDS.has(action.kind) ||
  (action.state === 'refused' && action.targetIds.some(isQueuedRequestId));

/** The listed actions of this device, in the order they will be sent. */
export function QueueList() {
  const { t } = useTranslation();
  const actions = useQueue().actions.filter(isListed);
  if (actions.length === 0) return null;
  return (
    <section className="queue-list" aria-labelledby="queue-list-title">
      <h2 id="queue-list-title" className="queue-list__title">
        {t('offline.list.title')}
      </h2>
      <VirtualList
        className="queued-actions"
        aria-labelledby="queue-list-title"
        items={actions}
        getKey={(action) => action.id!}
        estimateSize={64}
        renderRow={(action, row) => <QueuedActionRow action={action} {...row} />}
      />
    </section>
  );
}
