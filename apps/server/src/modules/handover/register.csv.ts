// The register of food received as CSV (decision 0063): UTF-8 with a byte-order mark, so
// spreadsheet programs read Indic text; CRLF line ends (RFC 4180); headings and words in the
// reader's language from the server catalogues; times in India time.
import { indiaDateTime, type FssaiRecord, type HandoverRecord } from '@annasetu/domain';
import { message } from '../../messages/index.js';

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts defused. */
export function csvField(value: string | number): string {
  let text = typeof value === 'number' ? String(value) : value;
  // A cell starting with = + - @ runs as a formula in spreadsheets; a leading quote stops that.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The register's columns, in order: each a heading key and how a record fills it. */
const COLUMNS: readonly [string, (r: HandoverRecord, w: Words) => string | number][] = [
  ['receivedAt', (r, w) => w.time(r.receivedAt)],
  ['donor', (r) => r.donorName],
  ['donorFssai', (r, w) => w.fssai(r.donorFssai)],
  ['food', (r) => r.foodType],
  ['quantity', (r) => r.quantity],
  ['unit', (r, w) => w.t(`units.${r.unit}`)],
  ['vegMark', (r, w) => w.t(`veg.${r.vegType}`)],
  ['allergens', (r, w) => w.allergens(r.allergens)],
  ['preparedAt', (r) => `${r.prepDate} ${r.prepTime}`],
  ['pickedUpAt', (r, w) => w.time(r.pickedUpAt)],
  ['safeUntil', (r, w) => w.time(r.safeUntil)],
  ['holding', (r, w) => w.holding(r.holding)],
  ['holdingAtPickup', (r, w) => w.holding(r.holdingAtPickup)],
  ['containerClosed', (r, w) => w.yesNo(r.containerClosed)],
  ['handledBy', (r, w) => (r.isSelfDelivery ? w.t('selfDelivery') : (r.volunteerName ?? ''))],
  ['quality', (r, w) => (r.quality ? w.t(`quality.${r.quality}`) : w.t('notRecorded'))],
  [
    'condition',
    (r, w) => (r.arrivalCondition ? w.t(`condition.${r.arrivalCondition}`) : w.t('notRecorded')),
  ],
  ['note', (r) => r.arrivalNote ?? ''],
  ['receiver', (r) => r.destinationName ?? ''],
  ['receiverFssai', (r, w) => w.fssai(r.destinationFssai)],
  ['reference', (r) => r.donationId],
];

/** The words a register's cells are written in, for one language. */
interface Words {
  t: (key: string) => string;
  time: (iso: string | null) => string;
  fssai: (record: FssaiRecord | null | undefined) => string;
  allergens: (list: readonly string[]) => string;
  holding: (kind: string | null) => string;
  yesNo: (value: boolean | null) => string;
}

function wordsFor(language: string): Words {
  const t = (key: string, values?: Record<string, string>) =>
    message(language, `register.${key}`, values);
  return {
    t,
    time: (iso) => (iso ? indiaDateTime(iso) : ''),
    // The number with its check as words: also keeps a spreadsheet from showing 14 digits as
    // 1.00123E+13.
    fssai: (record) =>
      record === undefined
        ? t('fssaiExempt')
        : record === null
          ? t('fssaiMissing')
          : t(record.verified ? 'fssaiChecked' : 'fssaiUnchecked', { number: record.number }),
    allergens: (list) =>
      list.length === 0 ? t('noAllergens') : list.map((a) => t(`allergens.${a}`)).join('; '),
    holding: (kind) => (kind ? t(`holding.${kind}`) : t('notRecorded')),
    yesNo: (value) => (value === null ? t('notRecorded') : t(value ? 'yes' : 'no')),
  };
}

/** The register as a CSV document in `language`: a heading row, then one row per record. */
export function registerCsv(records: readonly HandoverRecord[], language: string): string {
  const words = wordsFor(language);
  const rows = [
    COLUMNS.map(([key]) => words.t(`columns.${key}`)),
    ...records.map((record) => COLUMNS.map(([, cell]) => cell(record, words))),
  ];
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
