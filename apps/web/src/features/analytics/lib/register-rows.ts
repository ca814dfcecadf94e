import type { TFunction } from 'i18next';
import {
  indiaWallClock,
  type FssaiRecord,
  type HoldingKind,
  type RegisterQuery,
  type UserProfile,
} from '@annasetu/domain';
import type { RegisterRecord } from '../api/get-register';
import type { RegisterData } from '../report/register-data';

export interface RegisterInput {
  t: TFunction;
  language: string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  date: (value: string | Date, options?: Intl.DateTimeFormatOptions) => string;
  user: UserProfile;
  period: RegisterQuery;
  records: readonly RegisterRecord[];
  now: Date;
}

/**
 * The register PDF's words in the reader's language (decision 0063): one row per donation
 * received, in six columns of a few lines each (an A4 page cannot hold the CSV's 21 columns
 * side by side), times on India's clock like the CSV.
 */
export function buildRegisterData(input: RegisterInput): RegisterData {
  const { t, number, date, user, period, records, now } = input;
  const onIndiaClock = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
  const time = (iso: string | null) =>
    iso ? date(indiaWallClock(iso), onIndiaClock) : t('handover.values.notYet');
  // The preparation time as the donor wrote it, on their clock: formatted as it reads.
  const written = (day: string, clock: string) =>
    date(new Date(`${day}T${clock}:00Z`), onIndiaClock);
  const day = (value: string) =>
    date(new Date(`${value}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const holding = (kind: HoldingKind | null, missing: string) =>
    kind ? t(`foodSafety.holding.${kind}`) : missing;
  const fssai = (record: FssaiRecord | null | undefined) =>
    record === undefined
      ? t('handover.values.exempt')
      : record === null
        ? t('foodSafety.fssai.missing')
        : `${record.number} · ${t(record.verified ? 'foodSafety.fssai.verified' : 'foodSafety.fssai.unverified')}`;
  const labelled = (label: string, value: string) => `${label}: ${value}`;

  const rows = records.map((r): string[][] => [
    [time(r.receivedAt)],
    [r.donorName, fssai(r.donorFssai)],
    [
      r.foodType,
      `${number(r.quantity)} ${t(`donations.units.${r.unit}`)} · ${t(`donations.vegTypes.${r.vegType}`)}`,
      labelled(
        t('foodSafety.card.allergens'),
        r.allergens.length > 0
          ? r.allergens.map((a) => t(`foodSafety.allergen.${a}`)).join(', ')
          : t('foodSafety.card.noAllergens'),
      ),
    ],
    [
      labelled(t('handover.fields.prepared'), written(r.prepDate, r.prepTime)),
      labelled(
        t('handover.fields.holdingStated'),
        holding(r.holding, t('foodSafety.card.notStated')),
      ),
      labelled(
        t('foodSafety.card.safeUntil'),
        r.safeUntil ? time(r.safeUntil) : t('foodSafety.card.notStated'),
      ),
    ],
    r.isSelfDelivery
      ? [t('handover.values.selfDelivery')]
      : [
          r.volunteerName ?? '',
          time(r.pickedUpAt),
          ...(r.pickedQuantity !== null
            ? [
                labelled(
                  t('handover.fields.pickedQuantity'),
                  `${number(r.pickedQuantity)} ${t(`donations.units.${r.unit}`)}`,
                ),
              ]
            : []),
          labelled(
            t('handover.fields.holdingAtPickup'),
            holding(r.holdingAtPickup, t('handover.values.notRecorded')),
          ),
          labelled(
            t('handover.fields.containerClosed'),
            r.containerClosed === null
              ? t('handover.values.notRecorded')
              : t(r.containerClosed ? 'handover.values.yes' : 'handover.values.no'),
          ),
        ],
    [
      r.arrivalCondition
        ? t(`handover.arrival.${r.arrivalCondition}`)
        : t('handover.values.notRecorded'),
      ...(r.arrivalNote ? [r.arrivalNote] : []),
      ...(r.receivedQuantity !== null
        ? [
            labelled(
              t('handover.fields.receivedQuantity'),
              `${number(r.receivedQuantity)} ${t(`donations.units.${r.unit}`)}`,
            ),
          ]
        : []),
      ...(r.quality
        ? [labelled(t('handover.fields.quality'), t(`requests.quality.${r.quality}`))]
        : []),
    ],
  ]);

  return {
    language: input.language,
    fileName: `annasetu-register-${period.from}-${period.to}.pdf`,
    title: t('foodRegister.pdf.title'),
    lines: [
      t('foodRegister.pdf.receiver', { name: user.organizationName ?? user.name }),
      labelled(
        t('foodSafety.fssai.label'),
        fssai(
          user.fssaiNumber === null
            ? null
            : { number: user.fssaiNumber, verified: user.fssaiVerifiedAt !== null },
        ),
      ),
      t('foodRegister.pdf.period', { from: day(period.from), to: day(period.to) }),
      t('report.generated', { date: date(indiaWallClock(now), onIndiaClock) }),
    ],
    headers: [
      t('foodRegister.pdf.columns.received'),
      t('foodRegister.pdf.columns.donor'),
      t('foodRegister.pdf.columns.food'),
      t('foodRegister.pdf.columns.safety'),
      t('foodRegister.pdf.columns.pickup'),
      t('foodRegister.pdf.columns.arrival'),
    ],
    rows,
    empty: t('foodRegister.pdf.empty'),
    footer: (page, pages) => t('foodRegister.pdf.footer', { page, pages }),
  };
}
