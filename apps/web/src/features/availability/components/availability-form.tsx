import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, inWeekOrder, type Availability, type Weekday } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import {
  detailsToFieldCodes,
  fieldMessage,
  issuesToFieldCodes,
  type FieldCodes,
} from '../../../lib/form-errors';
import { loadFormSchemas, preloadFormSchemas } from '../../../lib/form-schemas';
import { toast } from '../../../lib/toast';
import { useAvailability, useSaveAvailability } from '../api/availability';
import { useChecking } from '../../../lib/use-checking';

/** A volunteer's days, hours, area radius and daily pickup cap (profile page). */
export function AvailabilitySettings() {
  const { t } = useTranslation();
  const query = useAvailability();
  return (
    <section className="panel page__section" aria-labelledby="availability-title">
      <h2 id="availability-title" className="section-heading">
        {t('availability.title')}
      </h2>
      <p className="field__hint">{t('availability.description')}</p>
      {query.isPending ? <Spinner label={t('common.loading')} /> : null}
      {query.isError ? (
        <p className="alert alert--error" role="alert">
          {translateError(t, query.error)}
        </p>
      ) : null}
      {query.isSuccess ? <AvailabilityForm current={query.data.availability} /> : null}
    </section>
  );
}

function AvailabilityForm({ current }: { current: Availability | null }) {
  const { t } = useTranslation();
  const save = useSaveAvailability();
  const [weekdays, setWeekdays] = useState<Weekday[]>(
    current?.weekdays ?? ['MO', 'TU', 'WE', 'TH', 'FR'],
  );
  const [fromTime, setFromTime] = useState(current?.fromTime ?? '18:00');
  const [toTime, setToTime] = useState(current?.toTime ?? '22:00');
  const [radiusKm, setRadiusKm] = useState(String(current?.radiusKm ?? 10));
  const [cap, setCap] = useState(current?.maxPickupsPerDay ? String(current.maxPickupsPerDay) : '');
  const [codes, setCodes] = useState<FieldCodes>({});
  const checking = useChecking();

  function toggle(day: Weekday) {
    setWeekdays((list) =>
      list.includes(day) ? list.filter((d) => d !== day) : inWeekOrder([...list, day]),
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || checking.current) return;
    const input = {
      weekdays,
      fromTime,
      toTime,
      radiusKm: Number(radiusKm),
      maxPickupsPerDay: cap.trim() === '' ? null : Number(cap),
      ...(current?.timeZone ? { timeZone: current.timeZone } : {}),
    };
    checking.current = true;
    loadFormSchemas()
      .then(({ availabilityInputSchema }) => {
        const parsed = availabilityInputSchema.safeParse(input);
        if (!parsed.success) {
          setCodes(issuesToFieldCodes(parsed.error.issues));
          return;
        }
        setCodes({});
        save.mutate(parsed.data, {
          onSuccess: () => void toast.success(t('availability.saved')),
          onError: (error) => {
            void toast.error(t('availability.saveError'));
            if (isApiError(error) && error.details.length) {
              setCodes(detailsToFieldCodes(error.details));
            }
          },
        });
      })
      .catch(() => void toast.error(t('availability.saveError')))
      .finally(() => {
        checking.current = false;
      });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit} onFocus={preloadFormSchemas}>
      <div className="field">
        <p className="field__label" id="availability-days">
          {t('availability.days')}
        </p>
        <div className="weekday-chips" role="group" aria-labelledby="availability-days">
          {WEEKDAYS.map((day) => (
            <label key={day} className="weekday-chip">
              <input
                type="checkbox"
                name="availabilityDay"
                value={day}
                checked={weekdays.includes(day)}
                onChange={() => toggle(day)}
              />
              <span>{t(`series.weekdays.${day}`)}</span>
            </label>
          ))}
        </div>
      </div>
      <div className="form__stack">
        <TextField
          label={t('availability.from')}
          name="fromTime"
          type="time"
          value={fromTime}
          onChange={(event) => setFromTime(event.target.value)}
          error={fieldMessage(t, codes.fromTime)}
        />
        <TextField
          label={t('availability.to')}
          name="toTime"
          type="time"
          value={toTime}
          onChange={(event) => setToTime(event.target.value)}
          error={fieldMessage(t, codes.toTime)}
        />
      </div>
      <div className="form__stack">
        <TextField
          label={t('availability.radius')}
          hint={t('availability.radiusHint')}
          name="radiusKm"
          type="number"
          inputMode="decimal"
          min={1}
          value={radiusKm}
          onChange={(event) => setRadiusKm(event.target.value)}
          error={fieldMessage(t, codes.radiusKm)}
        />
        <TextField
          label={t('availability.cap')}
          hint={t('availability.capHint')}
          name="maxPickupsPerDay"
          type="number"
          inputMode="numeric"
          min={1}
          value={cap}
          onChange={(event) => setCap(event.target.value)}
          error={fieldMessage(t, codes.maxPickupsPerDay)}
        />
      </div>
      {current?.maxPickupsPerDay ? (
        <p className="field__hint" role="status">
          {t('availability.today', {
            count: current.pickupsToday,
            max: current.maxPickupsPerDay,
          })}
        </p>
      ) : null}
      <div className="form__actions">
        <Button type="submit" loading={checking.busy || save.isPending}>
          {t('availability.save')}
        </Button>
      </div>
    </form>
  );
}
