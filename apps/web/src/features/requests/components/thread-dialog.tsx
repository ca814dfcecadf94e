import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  THREAD_LIMITS,
  type FoodRequest,
  type QuickMessage,
  type ThreadMessage,
  type ThreadMessageInput,
} from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { translateError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import { useQueuedFor } from '../../../offline/hooks/use-queue';
import { isQueued } from '../../../offline/lib/queue';
import { useSendThreadMessage, useThread, type PickupThread } from '../api/pickup-thread';
import { useCloseDialogInAddress } from '../lib/dialog-in-address';
import '../thread.css';

interface ThreadDialogProps {
  request: Pick<FoodRequest, 'id' | 'foodType'>;
  open: boolean;
}

/**
 * The conversation of one pickup: the messages, oldest first, each with who wrote it; quick
 * messages that send with one tap (stored as codes, read in each reader's language); a text box.
 * Without signal a message waits on the device, shown at the end of the thread, and goes once.
 */
export function ThreadDialog({ request, open }: ThreadDialogProps) {
  const { t } = useTranslation();
  const onClose = useCloseDialogInAddress('thread', ['focus']);
  const thread = useThread(request.id);
  const send = useSendThreadMessage(request.id);
  const [text, setText] = useState('');
  // A quick message chosen, sent with Send: one stray tap sends nothing.
  const [chosen, setChosen] = useState<QuickMessage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  const waiting = useQueuedFor(request.id).filter((a) => a.kind === 'threadMessage');
  const listRef = useRef<HTMLOListElement>(null);
  const count = (thread.data?.messages.length ?? 0) + waiting.length;

  // The newest message in view, as in any messaging app.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count, open]);

  function handleSend(input: ThreadMessageInput) {
    if (send.isPending) return;
    setProblem(null);
    const sent = () => {
      setText('');
      setChosen(null);
    };
    send.mutate(
      { request, input },
      {
        onSuccess: sent,
        onError: (error) => {
          if (isQueued(error)) {
            sent();
            void toast.message(t('thread.sentOffline'));
            return;
          }
          setProblem(translateError(t, error));
        },
      },
    );
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen) return handleSend({ code: chosen });
    if (text.trim()) return handleSend({ text: text.trim() });
    // Nothing to send: said beside the box, which takes the focus (and scrolls into view).
    setEmpty(true);
    event.currentTarget.querySelector('textarea')?.focus();
  }

  return (
    <Dialog
      open={open}
      title={t('thread.title', { food: request.foodType })}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('dialog.close')}
        </Button>
      }
    >
      <p className="thread__intro">{t('thread.intro')}</p>
      {thread.isPending ? (
        <Spinner />
      ) : thread.isError ? (
        <div className="thread__problem" role="alert">
          <p>{t('thread.loadError')}</p>
          <Button size="sm" variant="secondary" onClick={() => void thread.refetch()}>
            {t('thread.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ol className="thread__messages" ref={listRef} aria-live="polite">
            {thread.data.messages.length === 0 && waiting.length === 0 ? (
              <li className="thread__empty">{t('thread.empty')}</li>
            ) : null}
            {thread.data.messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
            {waiting.map((action) => (
              <li key={action.key} className="thread__message" data-mine="true" data-waiting="true">
                <p className="thread__words">{wordsOf(t, action.body as ThreadMessageInput)}</p>
                <p className="thread__meta">{t('thread.queued')}</p>
              </li>
            ))}
          </ol>
          <Composer
            thread={thread.data}
            text={text}
            chosen={chosen}
            busy={send.isPending}
            problem={problem}
            emptyError={empty ? t('errors.THREAD_MESSAGE_INVALID') : undefined}
            onText={(next) => {
              setText(next);
              setEmpty(false);
              if (next) setChosen(null);
            }}
            onChoose={(code) => {
              setChosen((current) => (current === code ? null : code));
              setText('');
              setEmpty(false);
            }}
            onSubmit={handleSubmit}
          />
        </>
      )}
    </Dialog>
  );
}

/** What a message says in the reader's language: a quick message's words, or the typed text. */
function wordsOf(
  t: (key: string) => string,
  message: Pick<ThreadMessage, 'code' | 'text'> | ThreadMessageInput,
): string {
  if (message.code) return t(`thread.quick.${message.code}`);
  return message.text ?? '';
}

function MessageItem({ message }: { message: ThreadMessage }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const words = wordsOf(t, message);
  return (
    <li className="thread__message" data-mine={message.mine}>
      <p className="thread__words" data-removed={words === ''}>
        {words || t('thread.removed')}
      </p>
      <p className="thread__meta">
        {message.mine
          ? t('thread.you')
          : `${message.senderName} · ${t(`thread.party.${message.party}`)}`}
        {' · '}
        <time dateTime={message.createdAt}>
          {date(message.createdAt, {
            day: 'numeric',
            month: 'short',
            hour: 'numeric',
            minute: '2-digit',
          })}
        </time>
      </p>
    </li>
  );
}

interface ComposerProps {
  thread: PickupThread;
  text: string;
  chosen: QuickMessage | null;
  busy: boolean;
  /** The server's refusal of the last message, in the reader's language. */
  problem: string | null;
  emptyError: string | undefined;
  onText: (text: string) => void;
  onChoose: (code: QuickMessage) => void;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}

/**
 * The reader's quick messages (choose one, then Send) and the text box, or why the thread reads
 * only. A refusal shows above them, where the reader is looking.
 */
function Composer(props: ComposerProps) {
  const { thread, text, chosen, busy, problem, emptyError, onText, onChoose, onSubmit } = props;
  const { t } = useTranslation();
  const { date } = useFormat();
  if (!thread.canWrite) {
    return (
      <p className="thread__closed">
        {thread.writableUntil ? t('thread.closed') : t('thread.notYet')}
      </p>
    );
  }
  return (
    <form className="thread__composer" onSubmit={onSubmit} noValidate>
      {problem ? (
        <p className="thread__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="thread__quick" role="group" aria-labelledby="thread-quick-label">
        <p id="thread-quick-label" className="field__label">
          {t('thread.quickLabel')}
        </p>
        <div className="thread__quick-options">
          {thread.quickMessages.map((code) => (
            <button
              key={code}
              type="button"
              className="thread__quick-option"
              aria-pressed={chosen === code}
              disabled={busy}
              onClick={() => onChoose(code)}
            >
              {t(`thread.quick.${code}`)}
            </button>
          ))}
        </div>
      </div>
      <TextAreaField
        label={t('thread.textLabel')}
        rows={2}
        maxLength={THREAD_LIMITS.text}
        value={text}
        error={emptyError}
        onChange={(event) => onText(event.target.value)}
      />
      <div className="thread__send">
        {thread.writableUntil ? (
          <p className="item-card__hint">
            {t('thread.openUntil', {
              date: date(thread.writableUntil, { day: 'numeric', month: 'short' }),
            })}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          {busy ? t('thread.sending') : t('thread.send')}
        </Button>
      </div>
    </form>
  );
}
