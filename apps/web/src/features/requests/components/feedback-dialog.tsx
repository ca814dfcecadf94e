import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_TAGS_BY_KIND,
  oppositeFeedbackTag,
  type FeedbackKind,
  type FeedbackTag,
  type FoodRequest,
} from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { translateError } from '../../../lib/errors';
import { useFormat } from '../../../lib/use-format';
import { toast } from '../../../lib/toast';
import { isQueued } from '../../../offline/lib/queue';
import { useGiveFeedback } from '../api/give-feedback';
import '../feedback.css';

const STARS = [1, 2, 3, 4, 5] as const;

interface FeedbackDialogProps {
  /** The fulfilled request being rated and what the caller rates on it; null: closed. */
  target: { request: FoodRequest; kind: FeedbackKind } | null;
  onClose: () => void;
  /** Told the stars once the server recorded them. */
  onRated: (stars: number) => void;
}

/**
 * Rates a delivered request: five stars as a radio group (arrow keys move, each star a 44 px
 * target), quick tags as toggle buttons, an optional note. A refused rating says why, in the
 * reader's language, and keeps what was chosen.
 */
export function FeedbackDialog({ target, onClose, onRated }: FeedbackDialogProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const mutation = useGiveFeedback();
  const [stars, setStars] = useState<number | null>(null);
  const [tags, setTags] = useState<FeedbackTag[]>([]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const kind = target?.kind ?? 'food';

  useEffect(() => {
    setStars(null);
    setTags([]);
    setNote('');
    setProblem(null);
  }, [target?.request.id]);

  function toggle(tag: FeedbackTag) {
    // Choosing a tag drops its opposite ("on time" and "late" cannot both be true).
    const opposite = oppositeFeedbackTag(tag);
    setTags((current) =>
      current.includes(tag)
        ? current.filter((x) => x !== tag)
        : [...current.filter((x) => x !== opposite), tag],
    );
  }

  function handleSend() {
    if (!target) return;
    if (stars === null) return setProblem(t('errors.FEEDBACK_STARS_INVALID'));
    setProblem(null);
    const input = { stars, tags, ...(note.trim() ? { note: note.trim() } : {}) };
    mutation.mutate(
      { requestId: target.request.id, foodType: target.request.foodType, input },
      {
        onSuccess: () => {
          void toast.success(t('feedback.sent'));
          onRated(stars);
          onClose();
        },
        onError: (error) => {
          // No signal: the rating waits on the phone and goes by itself later.
          if (isQueued(error)) {
            void toast.message(t('feedback.queued'));
            onRated(stars);
            onClose();
            return;
          }
          setProblem(translateError(t, error));
        },
      },
    );
  }

  return (
    <Dialog
      open={target !== null}
      title={t(`feedback.title.${kind}`, { food: target?.request.foodType ?? '' })}
      onClose={onClose}
      busy={mutation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button loading={mutation.isPending} onClick={handleSend}>
            {t('feedback.send')}
          </Button>
        </>
      }
    >
      <fieldset className="feedback-stars">
        <legend className="field__label">{t(`feedback.starsLegend.${kind}`)}</legend>
        <div className="feedback-stars__options">
          {STARS.map((value) => (
            <label key={value} className="feedback-star">
              <input
                type="radio"
                name="feedback-stars"
                value={value}
                checked={stars === value}
                onChange={() => {
                  setStars(value);
                  // "Choose the stars" (or a refusal of the last try) no longer holds.
                  setProblem(null);
                }}
                aria-label={t('feedback.stars', { stars: number(value) })}
              />
              <span aria-hidden="true" data-lit={stars !== null && value <= stars}>
                ★
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="feedback-tags" role="group" aria-labelledby="feedback-tags-label">
        <p id="feedback-tags-label" className="field__label">
          {t('feedback.tagsLabel')}
        </p>
        <div className="feedback-tags__options">
          {FEEDBACK_TAGS_BY_KIND[kind].map((tag) => (
            <button
              key={tag}
              type="button"
              className="feedback-tag"
              aria-pressed={tags.includes(tag)}
              onClick={() => toggle(tag)}
            >
              {t(`feedback.tags.${tag}`)}
            </button>
          ))}
        </div>
      </div>
      <TextAreaField
        label={t('feedback.note')}
        rows={2}
        maxLength={FEEDBACK_LIMITS.note}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {problem ? (
        <p className="feedback-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
