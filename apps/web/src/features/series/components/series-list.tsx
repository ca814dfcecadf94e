import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Series, Weekday } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { translateError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import {
  useEndSeries,
  useKeepSeries,
  useSeriesList,
  useSkipOccurrence,
  useUpdateSeries,
} from '../api/series';

const UPCOMING_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * The schedule in words: "Every day at 9:00 pm", "Mon, Wed at 10:00 pm", or the rule itself;
 * the time of day on the same clock as the next postings listed under it.
 */
function useScheduleText() {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (series: Series) => {
    const { frequency, weekdays, rrule } = series.schedule;
    const [hours, minutes] = series.schedule.timeOfDay.split(':').map(Number);
    const timeOfDay = date(new Date(Date.UTC(2000, 0, 1, hours ?? 0, minutes ?? 0)), {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    if (frequency === 'daily') return t('series.describe.daily', { time: timeOfDay });
    if (frequency === 'weekdays') {
      const days = weekdays.map((d: Weekday) => t(`series.weekdays.${d}`)).join(', ');
      return t('series.describe.weekdays', { days, time: timeOfDay });
    }
    return t('series.describe.rrule', { rule: rrule, time: timeOfDay });
  };
}

/** The donor's recurring donations: next occurrences, skip next, pause/resume, edit, end. */
export function SeriesList() {
  const { t } = useTranslation();
  const query = useSeriesList();
  const items = query.data?.items.filter((s) => s.status !== 'ended') ?? [];
  if (query.isSuccess && items.length === 0) return null;

  return (
    <section className="page__section" aria-labelledby="series-title">
      <h2 id="series-title" className="section-heading">
        {t('series.list.title')}
      </h2>
      {query.isPending ? <Spinner label={t('common.loading')} /> : null}
      {query.isError ? (
        <p className="alert alert--error" role="alert">
          {translateError(t, query.error)}
        </p>
      ) : null}
      <ul className="item-list">
        {items.map((series) => (
          <li key={series.id}>
            <SeriesCard series={series} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SeriesCard({ series }: { series: Series }) {
  const { t } = useTranslation();
  const { date, number } = useFormat();
  const describe = useScheduleText();
  const skip = useSkipOccurrence();
  const update = useUpdateSeries();
  const keep = useKeepSeries();
  const end = useEndSeries();
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [editing, setEditing] = useState(false);
  const paused = series.status === 'paused';
  const fail = (error: unknown) => void toast.error(translateError(t, error));

  return (
    <article className="item-card series-card" aria-labelledby={`series-${series.id}`}>
      <div className="item-card__head">
        <h3 id={`series-${series.id}`} className="item-card__title">
          {series.template.foodType}
        </h3>
        <span className={`chip${paused ? ' chip--muted' : ''}`}>
          {t(`series.status.${series.status}`)}
        </span>
      </div>
      <p className="item-card__meta">
        <span className="chip">
          {`${number(series.template.quantity)} ${t(`donations.units.${series.template.unit}`)}`}
        </span>
        {series.template.holding ? (
          <span className="chip">{t(`foodSafety.holding.${series.template.holding}`)}</span>
        ) : null}
        <span>{describe(series)}</span>
      </p>
      {series.needsConfirmation ? (
        <div className="alert alert--info" role="status">
          <p>{t('series.confirm.question')}</p>
          <div className="item-card__actions">
            <Button
              size="sm"
              loading={keep.isPending}
              onClick={() =>
                keep.mutate(series.id, {
                  onSuccess: () => void toast.success(t('series.toast.kept')),
                  onError: fail,
                })
              }
            >
              {t('series.confirm.keep')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirmEnd(true)}>
              {t('series.actions.end')}
            </Button>
          </div>
        </div>
      ) : null}
      {!paused && series.upcoming.length ? (
        <div>
          <p className="field__label">{t('series.list.next')}</p>
          <ul className="series-card__upcoming">
            {series.upcoming.slice(0, 3).map((occurrence) => (
              <li key={occurrence.at} className={occurrence.skipped ? 'is-skipped' : undefined}>
                {date(occurrence.at, UPCOMING_FORMAT)}
                {occurrence.skipped ? ` · ${t('series.list.skipped')}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {editing ? (
        <SeriesEditForm series={series} onDone={() => setEditing(false)} />
      ) : (
        <div className="item-card__actions">
          {!paused ? (
            <Button
              size="sm"
              variant="secondary"
              loading={skip.isPending}
              onClick={() =>
                skip.mutate(
                  { id: series.id },
                  {
                    onSuccess: () => void toast.success(t('series.toast.skipped')),
                    onError: fail,
                  },
                )
              }
            >
              {t('series.actions.skipNext')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: series.id, input: { status: paused ? 'active' : 'paused' } },
                {
                  onSuccess: () =>
                    void toast.success(t(paused ? 'series.toast.resumed' : 'series.toast.paused')),
                  onError: fail,
                },
              )
            }
          >
            {t(paused ? 'series.actions.resume' : 'series.actions.pause')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {t('series.actions.edit')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirmEnd(true)}>
            {t('series.actions.end')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmEnd}
        title={t('series.end.title')}
        body={t('series.end.body', { food: series.template.foodType })}
        confirmLabel={t('series.end.confirm')}
        busy={end.isPending}
        onConfirm={() =>
          end.mutate(series.id, {
            onSuccess: () => {
              void toast.success(t('series.toast.ended'));
              setConfirmEnd(false);
            },
            onError: (error) => {
              fail(error);
              setConfirmEnd(false);
            },
          })
        }
        onClose={() => setConfirmEnd(false)}
      />
    </article>
  );
}

/** Edits what changes most often: how much, and at what time. */
function SeriesEditForm({ series, onDone }: { series: Series; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateSeries();
  const [quantity, setQuantity] = useState(String(series.template.quantity));
  const [timeOfDay, setTimeOfDay] = useState(series.schedule.timeOfDay);
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { template, schedule } = series;
    update.mutate(
      {
        id: series.id,
        input: {
          template: {
            cuisine: template.cuisine,
            foodType: template.foodType,
            vegType: template.vegType,
            quantity: Number(quantity),
            unit: template.unit,
            expiryHours: template.expiryHours,
            ...(template.notes ? { notes: template.notes } : {}),
            pickupAddress: template.pickupAddress,
            pickupCoordinates: template.pickupCoordinates,
            // The whole template is replaced: how the food is kept goes with it unchanged.
            ...(template.holding ? { holding: template.holding } : {}),
            allergens: template.allergens,
          },
          schedule: {
            frequency: schedule.frequency,
            ...(schedule.frequency === 'weekdays' ? { weekdays: schedule.weekdays } : {}),
            ...(schedule.frequency === 'rrule' ? { rrule: schedule.rrule } : {}),
            timeOfDay,
            timeZone: schedule.timeZone,
            startsOn: schedule.startsOn,
            ...(schedule.endsOn ? { endsOn: schedule.endsOn } : {}),
          },
        },
      },
      {
        onSuccess: () => {
          void toast.success(t('series.toast.updated'));
          onDone();
        },
        onError: (err) => setError(translateError(t, err)),
      },
    );
  }

  return (
    <form className="form series-card__edit" noValidate onSubmit={handleSubmit}>
      <div className="form__pair">
        <TextField
          label={t('donations.form.quantity')}
          name="quantity"
          type="number"
          inputMode="decimal"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <TextField
          label={t('series.form.timeOfDay')}
          name="timeOfDay"
          type="time"
          value={timeOfDay}
          onChange={(event) => setTimeOfDay(event.target.value)}
        />
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="item-card__actions">
        <Button type="submit" size="sm" loading={update.isPending}>
          {t('series.actions.save')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          {t('series.actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
