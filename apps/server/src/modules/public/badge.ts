import { isDonorRole, type PublicOrgCard, type UiLanguage } from '@annasetu/domain';
import { BADGE_WORDS } from './badge-messages.js';

const WIDTH = 440;
const HEIGHT = 150;
const PAD = 18;
// Text stays text (selectable, searchable, shaped by the viewer's fonts); the Noto faces cover
// every script the app speaks where they are installed, system fonts otherwise.
const FONTS =
  "'Noto Sans', 'Noto Sans Devanagari', 'Noto Sans Gurmukhi', 'Noto Sans Bengali', " +
  "'Noto Sans Telugu', 'Noto Sans Kannada', 'Noto Sans Tamil', system-ui, sans-serif";

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * A generous width of `text` at `size` px: Indic letters are wide, vowel signs that sit beside
 * their letter take room, those above or below (and viramas) take none.
 */
function estimateWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) {
    if (/\p{Mn}/u.test(ch)) continue;
    if (/\p{Mc}/u.test(ch)) units += 0.5;
    else if (/[\p{Lu}\p{N}]/u.test(ch)) units += 0.62;
    else if (/\p{Script=Latin}|[\s·()]/u.test(ch)) units += 0.52;
    else units += 0.85;
  }
  return units * size;
}

/** A text element that is squeezed to `max` px when it would run longer (never clipped). */
function text(
  content: string,
  attrs: { x: number; y: number; size: number; max: number; weight?: number; fill: string },
): string {
  const fit =
    estimateWidth(content, attrs.size) > attrs.max
      ? ` textLength="${attrs.max}" lengthAdjust="spacingAndGlyphs"`
      : '';
  return (
    `<text x="${attrs.x}" y="${attrs.y}" font-size="${attrs.size}" fill="${attrs.fill}"` +
    `${attrs.weight ? ` font-weight="${attrs.weight}"` : ''}${fit}>${escapeXml(content)}</text>`
  );
}

/**
 * An organisation's impact badge as SVG: its name, the platform, when it joined, and its figures
 * (donors: meals, CO2, completed donations; receivers: deliveries received and CO2), in
 * `language`, numbers in Indian grouping with Latin digits as the web app shows them.
 */
export function renderBadge(card: PublicOrgCard, language: UiLanguage): string {
  const words = BADGE_WORDS[language];
  const locale = `${language}-IN`;
  const number = new Intl.NumberFormat(locale, {
    numberingSystem: 'latn',
    maximumFractionDigits: 1,
  });
  const month = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    numberingSystem: 'latn',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(card.since));
  const figures = isDonorRole(card.role)
    ? [
        { value: card.totals.meals, label: words.meals },
        { value: card.totals.co2Kg, label: words.co2 },
        { value: card.totals.completedDonations, label: words.completed },
      ]
    : [
        { value: card.totals.completedDonations, label: words.received },
        { value: card.totals.co2Kg, label: words.co2 },
      ];
  const column = (WIDTH - 2 * PAD) / figures.length;
  const summary = `${card.displayName} · ${words.brand} · ${figures
    .map((f) => `${number.format(f.value)} ${f.label}`)
    .join(' · ')}`;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(summary)}" lang="${language}">`,
    `<title>${escapeXml(summary)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="12" fill="#f0fdf4" stroke="#15803d" stroke-width="2"/>`,
    `<g font-family="${FONTS}">`,
    text(card.displayName, {
      x: PAD,
      y: 36,
      size: 19,
      max: WIDTH - 2 * PAD,
      weight: 700,
      fill: '#14532d',
    }),
    text(`${words.brand} · ${words.memberSince} ${month}`, {
      x: PAD,
      y: 58,
      size: 12,
      max: WIDTH - 2 * PAD,
      fill: '#166534',
    }),
    ...figures.flatMap((f, i) => [
      text(number.format(f.value), {
        x: PAD + i * column,
        y: 102,
        size: 24,
        max: column - 10,
        weight: 700,
        fill: '#14532d',
      }),
      text(f.label, { x: PAD + i * column, y: 124, size: 11, max: column - 10, fill: '#166534' }),
    ]),
    `</g></svg>`,
  ];
  return parts.join('\n');
}
