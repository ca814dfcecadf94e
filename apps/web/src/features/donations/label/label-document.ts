import type { CanvasElement, Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { runs, scriptForLanguage } from '../../../lib/pdf/script-runs';
import {
  BRAND,
  type Bilingual,
  type DietMark,
  type LabelContent,
  type LabelField,
  type LabelFieldKey,
} from './label-content';
import type { LabelLayout } from './layouts';

/** The smallest text size a label is shrunk to (a share of the normal size). */
export const MIN_LABEL_SCALE = 0.55;

/**
 * The largest text size at which a label stays on its one page, and its file: long names, many
 * allergens or a script that runs wide (Tamil, Telugu) get smaller type, never a second page.
 * `render` lays the label out at a scale and says how many pages it took; the normal size is
 * tried first, then a few halvings of the range down to MIN_LABEL_SCALE (which is used as it is
 * when nothing fits).
 */
export async function fitLabel<T>(
  render: (scale: number) => Promise<{ pages: number; file: T }>,
  steps = 4,
): Promise<{ scale: number; file: T }> {
  const full = await render(1);
  if (full.pages <= 1) return { scale: 1, file: full.file };
  let fits = MIN_LABEL_SCALE;
  let overflows = 1;
  let best: { scale: number; file: T } | null = null;
  for (let i = 0; i < steps; i += 1) {
    const scale = Math.round(((fits + overflows) / 2) * 1000) / 1000;
    const attempt = await render(scale);
    if (attempt.pages <= 1) {
      fits = scale;
      best = { scale, file: attempt.file };
    } else {
      overflows = scale;
    }
  }
  if (best) return best;
  return { scale: MIN_LABEL_SCALE, file: (await render(MIN_LABEL_SCALE)).file };
}

// Points (1/72 inch). A6 is 105 x 148 mm; a quarter of A4 is 105 x 148.5 mm.
const A6 = { width: 297.64, height: 419.53 };
const A4 = { width: 595.28, height: 841.89 };
const PADDING = 14;
const QR_SIZE = 92;
const INK = '#1e2a23';
const MUTED = '#4a544e';
const RULE = '#b9b1a3';
// FSSAI's marks: green for vegetarian, brown for non-vegetarian food.
const VEG_GREEN = '#0b8a3a';
const NONVEG_BROWN = '#7a3b12';
const DISPOSAL_RED = '#b3261e';

/** The FSSAI mark as vector shapes: a square outline with a dot (veg) or a triangle (non-veg). */
export function dietMarkShapes(mark: DietMark, size = 24): CanvasElement[] {
  const color = mark === 'veg' ? VEG_GREEN : NONVEG_BROWN;
  const line = Math.max(1.2, size / 14);
  const square: CanvasElement = {
    type: 'rect',
    x: line / 2,
    y: line / 2,
    w: size - line,
    h: size - line,
    lineWidth: line,
    lineColor: color,
  };
  const c = size / 2;
  if (mark === 'veg') {
    return [square, { type: 'ellipse', x: c, y: c, r1: size * 0.26, r2: size * 0.26, color }];
  }
  const r = size * 0.3;
  return [
    square,
    {
      type: 'polyline',
      closePath: true,
      color,
      lineColor: color,
      points: [
        { x: c, y: c - r },
        { x: c + r * 1.05, y: c + r * 0.8 },
        { x: c - r * 1.05, y: c + r * 0.8 },
      ],
    },
  ];
}

/** The stack of one label, `width` points wide, with every text size multiplied by `scale`. */
function labelStack(content: LabelContent, width: number, scale: number): Content[] {
  const fallback = scriptForLanguage(content.language);
  const tx = (text: string) => runs(text, fallback);
  const size = (points: number) => Math.round(points * scale * 10) / 10;
  // The reader's line, then the English line smaller and lighter, when they differ.
  const lines = (b: Bilingual, points: number, extra: Record<string, unknown> = {}): Content[] =>
    fixedLines(b, size(points), extra);
  const fixedLines = (
    b: Bilingual,
    points: number,
    extra: Record<string, unknown> = {},
  ): Content[] => [
    { text: tx(b.text), fontSize: points, ...extra } as Content,
    ...(b.english === null
      ? []
      : [
          {
            text: tx(b.english),
            fontSize: Math.round(points * 8.4) / 10,
            color: MUTED,
            ...extra,
          } as Content,
        ]),
  ];
  const field = (f: LabelField | undefined, valuePoints = 9.5): TableCell =>
    f
      ? {
          stack: [
            ...lines(f.label, 7, { bold: true, color: MUTED, lineHeight: 1.05 }),
            {
              stack: lines(f.value, valuePoints, { lineHeight: 1.05 }),
              margin: [0, 1, 0, 0],
            },
          ],
        }
      : { text: '' };
  const byKey = (key: LabelFieldKey) => content.fields.find((f) => f.key === key);
  const foodPoints = content.food.length > 90 ? 11 : content.food.length > 40 ? 13 : 16;
  const mark = Math.round(24 * scale);
  // Not scaled: pdfmake draws whole points per module, so a code of up to 45 modules (an
  // address of up to about 120 characters) keeps 2-point modules, which phone cameras read.
  const qr = QR_SIZE;

  const stack: Content[] = [
    {
      columns: [
        { width: mark + 6, canvas: dietMarkShapes(content.mark, mark), margin: [0, 2, 0, 0] },
        {
          width: '*',
          stack: [
            { text: tx(content.food), fontSize: size(foodPoints), bold: true, lineHeight: 1.05 },
            {
              columns: [
                {
                  width: '*',
                  text: tx(
                    content.diet.english === null
                      ? content.diet.text
                      : `${content.diet.text} · ${content.diet.english}`,
                  ),
                  fontSize: size(8),
                  color: content.mark === 'veg' ? VEG_GREEN : NONVEG_BROWN,
                  bold: true,
                },
                {
                  width: 'auto',
                  text: tx(BRAND),
                  fontSize: size(8),
                  bold: true,
                  color: MUTED,
                },
              ],
              columnGap: 6,
            },
          ],
        },
      ],
      columnGap: 2,
    } as Content,
  ];

  if (content.disposal) {
    stack.push({
      table: {
        widths: ['*'],
        body: [
          [
            {
              stack: [
                // Large whatever the scale: this is what must be seen first.
                ...fixedLines(content.disposal.title, 18, {
                  bold: true,
                  color: DISPOSAL_RED,
                  alignment: 'center',
                  lineHeight: 1,
                }),
                ...lines(content.disposal.note, 7.5, { alignment: 'center', margin: [0, 1, 0, 0] }),
              ],
              margin: [2, 1, 2, 2],
            },
          ],
        ],
      },
      layout: {
        hLineWidth: () => 2,
        vLineWidth: () => 2,
        hLineColor: () => DISPOSAL_RED,
        vLineColor: () => DISPOSAL_RED,
      },
      margin: [0, 5, 0, 0],
    } as Content);
  }

  // Use-by and allergens matter most to whoever opens the container: a row each, larger.
  const rows: TableCell[][] = [
    [{ ...(field(byKey('useBy'), 11) as object), bold: true, colSpan: 2 } as TableCell, {}],
    ...(byKey('packUseBy')
      ? [[{ ...(field(byKey('packUseBy'), 9) as object), colSpan: 2 } as TableCell, {}]]
      : []),
    [{ ...(field(byKey('allergens'), 9.5) as object), bold: true, colSpan: 2 } as TableCell, {}],
    [field(byKey('prepared')), field(byKey('pickedUp'))],
    [field(byKey('holding')), field(byKey('fssai'))],
    [{ ...(field(byKey('donor')) as object), colSpan: 2 } as TableCell, {}],
  ];
  stack.push({
    table: { widths: ['*', '*'], body: rows },
    layout: {
      hLineWidth: (i: number) => (i === 0 ? 0 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingLeft: (i: number) => (i === 0 ? 0 : 4),
      paddingRight: () => 4,
      paddingTop: () => 2.5,
      paddingBottom: () => 2.5,
    },
    margin: [0, 5, 0, 0],
  } as Content);

  stack.push({
    columns: [
      { width: qr, qr: content.url, fit: qr, eccLevel: 'M' },
      {
        width: '*',
        stack: [
          ...lines(content.scan, 8, { bold: true }),
          { text: tx(content.url), fontSize: size(6), color: MUTED, margin: [0, 3, 0, 3] },
          ...lines(content.times, 6.5, { color: MUTED }),
        ],
      },
    ],
    // A quiet zone of about four modules around the code, as scanners expect.
    columnGap: 12,
    margin: [0, 8, 0, 0],
  } as Content);

  return [{ stack, width } as Content];
}

/**
 * The label as a pdfmake document: one A6 page, or an A4 page with four copies to cut apart
 * along dashed lines. Each label is a table cell of its paper's size: text that would not fit
 * makes a second page, which `fitLabel` answers with a smaller `scale`; `onPageCount` hears
 * how many pages the layout took.
 */
export function labelDocument(
  content: LabelContent,
  layout: LabelLayout,
  scale = 1,
  onPageCount?: (pages: number) => void,
): TDocumentDefinitions {
  const fallback = scriptForLanguage(content.language);
  const page = layout === 'a6' ? A6 : A4;
  const across = layout === 'a6' ? 1 : 2;
  const cellWidth = page.width / across;
  const cellHeight = page.height / across;
  const cell = (): TableCell => ({
    stack: labelStack(content, cellWidth - PADDING * 2, scale),
  });
  const body: TableCell[][] = Array.from({ length: across }, () =>
    Array.from({ length: across }, cell),
  );
  const inner = (i: number) => i > 0 && i < across;
  const dash = { length: 4, space: 3 };
  return {
    pageSize: { width: page.width, height: page.height },
    pageMargins: [0, 0, 0, 0],
    info: { title: content.food, subject: content.url, creator: BRAND },
    language: content.language,
    defaultStyle: { font: fallback, fontSize: 9, lineHeight: 1.15, color: INK },
    content: [
      {
        table: {
          // The widths are inside the padding; the fixed heights include it.
          widths: Array.from({ length: across }, () => cellWidth - PADDING * 2),
          heights: Array.from({ length: across }, () => cellHeight - PADDING * 2 - 1),
          body,
        },
        layout: {
          hLineWidth: (i: number) => (inner(i) ? 0.5 : 0),
          vLineWidth: (i: number) => (inner(i) ? 0.5 : 0),
          hLineColor: () => RULE,
          vLineColor: () => RULE,
          hLineStyle: () => ({ dash }),
          vLineStyle: () => ({ dash }),
          paddingLeft: () => PADDING,
          paddingRight: () => PADDING,
          paddingTop: () => PADDING,
          paddingBottom: () => PADDING,
        },
      } as Content,
    ],
    // Called with the number of pages once laid out: more than one means the label overflowed.
    footer: (_current: number, pages: number) => {
      onPageCount?.(pages);
      return null;
    },
  };
}
