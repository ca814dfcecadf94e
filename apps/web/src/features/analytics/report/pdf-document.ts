import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { runs, scriptForLanguage } from '../../../lib/pdf/script-runs';
import type { PdfScript } from '../../../lib/pdf/text-runs';
import type { ReportData } from './report-data';

// A4 landscape in points, and the printable width inside the margins.
const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const INNER = PAGE.width - PAGE.margin * 2;
const GREEN = '#1d6b43';
const GREEN_SOFT = '#e4f1e8';
const SAFFRON = '#f2a33a';
const MUTED = '#525c56';
const BORDER = '#e2dacd';

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
