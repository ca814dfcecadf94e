import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  DEFAULT_TIME_ZONE,
  MAX_RRULE_LENGTH,
  WEEKDAYS,
  inWeekOrder,
  type SeriesScheduleInput,
  type SeriesTemplateInput,
  type Weekday,
} from '@annasetu/domain';
import { SelectField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { fieldMessage, issuesToFieldCodes, type FieldCodes } from '../../../lib/form-errors';
import { loadFormSchemas, type FormSchemas } from '../../../lib/form-schemas';
import { useCreateSeries } from '../api/series';

const MODES = ['once', 'daily', 'weekdays', 'rrule'] as const;
type Mode = (typeof MODES)[number];

/** What the donation form needs from the repeat option (see DonationForm's `repeat` prop). */
export interface RepeatSlot {
  /** The repeat controls, shown inside the donation form. */
  fields: ReactNode;
  /** True when the donor chose to repeat: the form saves a series instead of one donation. */
  repeating: boolean;
  pending: boolean;
  /**
   * Saves the form's food with the chosen schedule. Resolves to null when saved, or to the
   * problems of the food fields (schedule problems are shown beside the repeat controls).
   */
  save(template: SeriesTemplateInput): Promise<FieldCodes | null>;
  reset(): void;
}

/** Server field paths come as `template.foodType` / `schedule.rrule`: split them by part. */
function splitDetails(details: ReadonlyArray<{ field: string; code: string }>) {
  const template: FieldCodes = {};
  const schedule: FieldCodes = {};
  for (const { field, code } of details) {
    const [part, name = '_form'] = field.split('.');
    if (part === 'schedule') schedule[name] ??= code;
    else if (part === 'template') template[name] ??= code;
    else schedule[field || '_form'] ??= code;
  }
  return { template, schedule };
}

/**
 * The donation form's "repeat" option: once (default), every day, on chosen weekdays, or an
 * iCalendar RRULE, at a time of day in the donor's time zone (India by default).
 */
export function useRepeatSlot(): RepeatSlot {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>('once');
  const [weekdays, setWeekdays] = useState<Weekday[]>(['MO', 'TU', 'WE', 'TH', 'FR']);
  const [rrule, setRrule] = useState('FREQ=WEEKLY;BYDAY=MO,WE,FR');
  const [timeOfDay, setTimeOfDay] = useState('21:00');
  const [codes, setCodes] = useState<FieldCodes>({});
  const mutation = useCreateSeries();
  const timeZone = useMemo(() => {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
    } catch {
      return DEFAULT_TIME_ZONE;
    }
  }, []);

  function toggle(day: Weekday) {
    setWeekdays((current) =>
      current.includes(day) ? current.filter((d) => d !== day) : inWeekOrder([...current, day]),
    );
  }

  const schedule: SeriesScheduleInput | null =
    mode === 'once'
      ? null
      : {
          frequency: mode,
          timeOfDay,
          timeZone,
          ...(mode === 'weekdays' ? { weekdays } : {}),
          ...(mode === 'rrule' ? { rrule } : {}),
        };

  async function save(template: SeriesTemplateInput): Promise<FieldCodes | null> {
    if (!schedule) return {};
    let schemas: FormSchemas;
    try {
      schemas = await loadFormSchemas();
    } catch {
      return { _form: 'NETWORK_ERROR' };
    }
    const { seriesScheduleSchema, seriesTemplateSchema } = schemas;
    const food = seriesTemplateSchema.safeParse(template);
    const when = seriesScheduleSchema.safeParse(schedule);
    setCodes(when.success ? {} : issuesToFieldCodes(when.error.issues));
    if (!food.success) return issuesToFieldCodes(food.error.issues);
    if (!when.success) return {};
    try {
      await mutation.mutateAsync({ template: food.data, schedule: when.data });
      return null;
    } catch (error) {
      if (isApiError(error) && error.details.length) {
        const split = splitDetails(error.details);
        setCodes(split.schedule);
        return split.template;
      }
      return { _form: isApiError(error) ? error.code : 'INTERNAL_ERROR' };
    }
  }

  // Problems of controls not on screen (a rule that never occurs, a bad time zone) show here.
  const shown = new Set([
    'timeOfDay',
    'timeZone',
    'weekdays',
    ...(mode === 'rrule' ? ['rrule'] : []),
  ]);
  const otherCodes = [
    ...new Set(
      Object.entries(codes)
        .filter(([key]) => !shown.has(key))
        .map(([, code]) => code),
    ),
  ];

  const fields = (
    <fieldset className="choice-group repeat">
      <legend className="field__label">{t('series.form.repeat')}</legend>
      <div className="repeat__row">
        <SelectField
          label={t('series.form.frequency')}
          name="repeat"
          value={mode}
          onChange={(event) => {
            setMode(event.target.value as Mode);
            setCodes({});
          }}
        >
          {MODES.map((value) => (
            <option key={value} value={value}>
              {t(`series.modes.${value}`)}
            </option>
          ))}
        </SelectField>
        {mode !== 'once' ? (
          <TextField
            label={t('series.form.timeOfDay')}
            hint={t('series.form.timeZone', { zone: timeZoneLabel(timeZone, t, i18n.language) })}
            name="timeOfDay"
            type="time"
            required
            value={timeOfDay}
            onChange={(event) => setTimeOfDay(event.target.value)}
            error={fieldMessage(t, codes.timeOfDay ?? codes.timeZone)}
          />
        ) : null}
      </div>
      {mode === 'weekdays' ? (
        <div className="field">
          <p className="field__label" id="repeat-weekdays-label">
            {t('series.form.weekdays')}
          </p>
          <div className="weekday-chips" role="group" aria-labelledby="repeat-weekdays-label">
            {WEEKDAYS.map((day) => (
              <label key={day} className="weekday-chip">
                <input
                  type="checkbox"
                  name="weekday"
                  value={day}
                  checked={weekdays.includes(day)}
                  onChange={() => toggle(day)}
                />
                <span>{t(`series.weekdays.${day}`)}</span>
              </label>
            ))}
          </div>
          {codes.weekdays ? (
            <p className="field__error">{fieldMessage(t, codes.weekdays)}</p>
          ) : null}
        </div>
      ) : null}
      {mode === 'rrule' ? (
        <TextField
          label={t('series.form.rrule')}
          hint={t('series.form.rruleHint')}
          name="rrule"
          required
          dir="ltr"
          maxLength={MAX_RRULE_LENGTH}
          value={rrule}
          onChange={(event) => setRrule(event.target.value)}
          error={fieldMessage(t, codes.rrule)}
        />
      ) : null}
      {otherCodes.length ? (
        <p className="field__error" role="alert">
          {otherCodes.map((code) => fieldMessage(t, code)).join(' ')}
        </p>
      ) : null}
      {mode !== 'once' ? <p className="field__hint">{t('series.form.volunteerOnly')}</p> : null}
    </fieldset>
  );

  return {
    fields,
    repeating: mode !== 'once',
    pending: mutation.isPending,
    save,
    reset: () => setCodes({}),
  };
}

/** India's zone (under either of its ids) goes by its name in the reader's language. */
const INDIA_ZONES = new Set(['Asia/Kolkata', 'Asia/Calcutta']);

/**
 * A time zone as a person knows it ("India Standard Time", "भारतीय मानक समय"), not as an id
 * ("Asia/Calcutta"): other zones by the browser's long name where it has one, else the id.
 */
export function timeZoneLabel(zone: string, t: TFunction, language: string | undefined): string {
  if (INDIA_ZONES.has(zone)) return t('series.form.indiaTime');
  try {
    const name = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && !/^GMT|^UTC/.test(name) ? name : zone;
  } catch {
    return zone;
  }
}
