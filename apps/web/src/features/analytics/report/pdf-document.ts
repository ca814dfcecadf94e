import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { scriptOf, splitRuns, type PdfScript, type TextRun } from '../lib/text-runs';
import type { ReportData } from './report-data';

// A4 landscape in points, and the printable width inside the margins.
const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const INNER = PAGE.width - PAGE.margin * 2;
const GREEN = '#1d6b43';
const GREEN_SOFT = '#e4f1e8';
const SAFFRON = '#f2a33a';
const MUTED = '#525c56';
const BORDER = '#e2dacd';

/** The script of a UI language: text with no letters (numbers, dates) uses its font. */
export function scriptForLanguage(language: string): PdfScript {
  const code = language.slice(0, 2);
  if (code === 'hi') return 'devanagari';
  if (code === 'pa') return 'gurmukhi';
  if (code === 'bn') return 'bengali';
  if (code === 'te') return 'telugu';
  if (code === 'kn') return 'kannada';
  if (code === 'ta') return 'tamil';
  if (code === 'mr') return 'devanagari';
  return 'latin';
}

// Characters every Indic font of the report has besides its own script: digits, spaces, common
// punctuation, dandas, joiners, the rupee sign.
const COMMON =
  /[\u0020-\u0023\u0025\u0027-\u003f\u005b-\u005f\u007b-\u007e\u00a0\u0964\u0965\u200b-\u200d\u2010\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u20b9\u2212\u25cc]/;
// The npm Noto fonts of these scripts also carry printable ASCII and the middle dot; the
// Gurmukhi and Telugu fonts shipped with the app have no Latin letters.
const WITH_ASCII = new Set<PdfScript>(['devanagari', 'bengali', 'kannada', 'tamil']);
const ASCII = /[\u0020-\u007e\u00b7]/;

/** Whether a font has a glyph for a character (Latin, Noto Sans, has them all here). */
export function covers(font: PdfScript, char: string): boolean {
  if (font === 'latin' || scriptOf(char) === font || COMMON.test(char)) return true;
  return WITH_ASCII.has(font) && ASCII.test(char);
}

/**
 * The font of a run: its script's font, except that plain ASCII inside an Indic report stays in
 * the report's own font when it has those glyphs, so a Hindi report need not load the Latin font.
 */
export function fontFor(run: TextRun, fallback: PdfScript): PdfScript {
  if (
    run.script === 'latin' &&
    fallback !== 'latin' &&
    [...run.text].every((c) => covers(fallback, c))
  ) {
    return fallback;
  }
  return run.script;
}

/**
 * Text as pdfmake inlines, one per script run, each in a font that has its glyphs: the shaper
 * then sees whole words of one script and forms conjuncts and vowel signs correctly. A sign the
 * run's font lacks (a middle dot in Telugu, say) is set in the Latin font.
 */
export function runs(text: string, fallback: PdfScript): { text: string; font: PdfScript }[] {
  const out: { text: string; font: PdfScript }[] = [];
  const push = (char: string, font: PdfScript) => {
    const last = out[out.length - 1];
    if (last && last.font === font) last.text += char;
    else out.push({ text: char, font });
  };
  for (const run of splitRuns(text, fallback)) {
    const font = fontFor(run, fallback);
    for (const char of run.text) push(char, covers(font, char) ? font : 'latin');
  }
  return out;
}

/** The fonts a report needs: its language's font and those of every run it prints. */
export function fontsUsed(texts: Iterable<string>, language: string): Set<PdfScript> {
  const fallback = scriptForLanguage(language);
  const fonts = new Set<PdfScript>([fallback]);
  for (const text of texts) {
    for (const run of runs(text, fallback)) fonts.add(run.font);
  }
  return fonts;
}

function bar(progress: number, width: number, color: string): Content {
  const fill = Math.max(0, Math.min(1, progress)) * width;
  return {
    canvas: [
      { type: 'rect', x: 0, y: 0, w: width, h: 8, r: 4, color: GREEN_SOFT },
      ...(fill > 0 ? [{ type: 'rect' as const, x: 0, y: 0, w: fill, h: 8, r: 4, color }] : []),
    ],
    margin: [0, 3, 0, 8],
  };
}

type Tx = { text: { text: string; font: PdfScript }[] };

function chart(data: ReportData, tx: (s: string) => Tx): Content[] {
  const { donations, completed, labels } = data.trends;
  const n = Math.max(1, donations.length);
  const height = 150;
  const slot = INNER / n;
  const barW = Math.max(2, Math.min(26, slot * 0.7));
  const top = Math.max(1, ...donations);
  const scale = (v: number) => (v / top) * height;
  const shapes = [
    {
      type: 'line' as const,
      x1: 0,
      y1: height,
      x2: INNER,
      y2: height,
      lineWidth: 0.5,
      lineColor: MUTED,
    },
    ...donations.flatMap((v, i) => {
      const x = i * slot + (slot - barW) / 2;
      return [
        { type: 'rect' as const, x, y: height - scale(v), w: barW, h: scale(v), color: '#a8d5b9' },
        {
          type: 'rect' as const,
          x,
          y: height - scale(completed[i] ?? 0),
          w: barW,
          h: scale(completed[i] ?? 0),
          color: GREEN,
        },
      ];
    }),
  ];
  // Labels under the bars: one every `step` periods, spanning the slots in between.
  const step = Math.max(1, Math.ceil(n / 12));
  const cells: TableCell[] = [];
  for (let i = 0; i < n; i += step) {
    const span = Math.min(step, n - i);
    cells.push({
      ...(tx(labels[i] ?? '') as object),
      colSpan: span,
      alignment: 'left',
      fontSize: 7,
    } as TableCell);
    for (let k = 1; k < span; k += 1) cells.push({ text: '' });
  }
  return [
    { text: String(top), fontSize: 7, color: MUTED, margin: [0, 0, 0, 2] },
    { canvas: shapes },
    {
      table: { widths: Array.from({ length: n }, () => slot - 0.01), body: [cells] },
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        paddingLeft: () => 0,
        paddingRight: () => 0,
        paddingTop: () => 2,
        paddingBottom: () => 0,
      },
    },
    {
      columns: [
        { width: 12, canvas: [{ type: 'rect', x: 0, y: 3, w: 8, h: 8, color: '#a8d5b9' }] },
        { width: 160, text: tx(data.trends.legend.donations).text, fontSize: 8 },
        { width: 12, canvas: [{ type: 'rect', x: 0, y: 3, w: 8, h: 8, color: GREEN }] },
        { width: '*', text: tx(data.trends.legend.completed).text, fontSize: 8 },
      ],
      margin: [0, 6, 0, 0],
    } as Content,
  ];
}

/**
 * The impact report as a pdfmake document: A4 landscape; page one has the user's figures,
 * impact, progress bars and badges; page two the trends chart and recent activity.
 */
export function reportDocument(data: ReportData): TDocumentDefinitions {
  const fallback = scriptForLanguage(data.language);
  const tx = (text: string): Tx => ({ text: runs(text, fallback) });
  const heading = (text: string): Content => ({
    text: runs(text, fallback),
    fontSize: 13,
    bold: true,
    color: GREEN,
    margin: [0, 12, 0, 6],
  });
  // More than six figures go on two smaller rows: long single words (Tamil "நன்கொடையாளர்கள்",
  // "donors") cannot wrap, and eight of them side by side run off the page.
  const figureTable = (items: { label: string; value: string }[]): Content => {
    const twoRows = items.length > 6;
    const perRow = twoRows ? Math.ceil(items.length / 2) : items.length;
    const cells: TableCell[] = items.map((f) => ({
      stack: [
        { text: runs(f.value, fallback), fontSize: twoRows ? 12 : 16, bold: true, color: GREEN },
        { text: runs(f.label, fallback), fontSize: 8.5, color: MUTED },
      ],
      margin: twoRows ? [6, 3, 6, 3] : [6, 6, 6, 6],
    }));
    while (cells.length % perRow !== 0) cells.push({ text: '' });
    const body: TableCell[][] = [];
    for (let i = 0; i < cells.length; i += perRow) body.push(cells.slice(i, i + perRow));
    return {
      table: { widths: Array.from({ length: perRow }, () => '*'), body },
      layout: {
        hLineColor: () => BORDER,
        vLineColor: () => BORDER,
        hLineWidth: () => 0.8,
        vLineWidth: () => 0.8,
      },
    };
  };

  const half = (INNER - 24) / 2;
  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: runs(data.title, fallback), fontSize: 22, bold: true, color: GREEN },
            { text: runs(data.subtitle, fallback), fontSize: 11, margin: [0, 2, 0, 0] },
          ],
        },
        {
          width: 'auto',
          stack: [
            { text: runs(data.rangeLine, fallback), fontSize: 10, bold: true, alignment: 'right' },
            {
              text: runs(data.generatedLine, fallback),
              fontSize: 9,
              color: MUTED,
              alignment: 'right',
            },
          ],
        },
      ],
    },
    {
      canvas: [{ type: 'line', x1: 0, y1: 6, x2: INNER, y2: 6, lineWidth: 2, lineColor: SAFFRON }],
    },
    heading(data.headings.figures),
    figureTable(data.figures),
    {
      columns: [
        {
          width: half,
          stack: [
            heading(data.headings.impact),
            data.impactLines.length > 0
              ? { ul: data.impactLines.map((line) => tx(line)), fontSize: 10 }
              : { text: '' },
            heading(data.headings.progress),
            ...data.bars.flatMap((b): Content[] => [
              {
                columns: [
                  { width: '*', ...(tx(b.label) as object), fontSize: 9.5, bold: true },
                  { width: 'auto', ...(tx(b.valueText) as object), fontSize: 9.5, color: MUTED },
                ],
              } as Content,
              bar(b.progress, half, GREEN),
            ]),
          ],
        },
        {
          width: half,
          stack: [
            heading(data.headings.badges),
            {
              table: {
                widths: ['auto', '*', 'auto'],
                body: data.badges.map((b) => [
                  {
                    canvas: [
                      b.earned
                        ? { type: 'ellipse', x: 6, y: 8, r1: 5, r2: 5, color: SAFFRON }
                        : {
                            type: 'ellipse',
                            x: 6,
                            y: 8,
                            r1: 5,
                            r2: 5,
                            lineColor: MUTED,
                            lineWidth: 1,
                          },
                    ],
                  },
                  {
                    stack: [
                      { text: runs(b.name, fallback), bold: true, fontSize: 10 },
                      { text: runs(b.rule, fallback), fontSize: 8.5, color: MUTED },
                    ],
                  },
                  { text: runs(b.state, fallback), fontSize: 9, color: b.earned ? GREEN : MUTED },
                ]),
              },
              layout: 'lightHorizontalLines',
            },
          ],
        },
      ],
      columnGap: 24,
    },
    heading(data.headings.platform),
    figureTable(data.platform),
    { ...(heading(data.headings.trends) as object), pageBreak: 'before' } as Content,
    {
      ...(tx(data.trends.summary) as object),
      fontSize: 9.5,
      color: MUTED,
      margin: [0, 0, 0, 6],
    } as Content,
    ...chart(data, tx),
    { ...(tx(data.trends.cuisinesLine) as object), fontSize: 9.5, margin: [0, 6, 0, 0] } as Content,
    heading(data.headings.activity),
    data.activity.rows.length === 0
      ? ({ ...(tx(data.activity.empty) as object), fontSize: 10, color: MUTED } as Content)
      : {
          table: {
            headerRows: 1,
            widths: ['*', 'auto', 'auto'],
            body: [
              data.activity.headers.map((h) => ({
                text: runs(h, fallback),
                bold: true,
                fontSize: 9.5,
              })),
              ...data.activity.rows.map((row) =>
                row.map((cell) => ({ text: runs(cell, fallback), fontSize: 9 })),
              ),
            ],
          },
          layout: 'lightHorizontalLines',
        },
  ];

  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [PAGE.margin, PAGE.margin, PAGE.margin, PAGE.margin + 6],
    info: { title: data.title, subject: data.subtitle, creator: 'AnnaSetu' },
    language: data.language,
    defaultStyle: { font: fallback, fontSize: 10, lineHeight: 1.2, color: '#1e2a23' },
    footer: (page: number, pages: number) => ({
      text: runs(data.footer(page, pages), fallback),
      fontSize: 8,
      color: MUTED,
      alignment: 'center',
      margin: [0, 8, 0, 0],
    }),
    content,
  };
}
