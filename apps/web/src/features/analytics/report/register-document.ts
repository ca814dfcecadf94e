import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { runs, scriptForLanguage } from '../../../lib/pdf/script-runs';
import type { RegisterData } from './register-data';

// A4 landscape in points, as the impact report.
const MARGIN = 36;
const GREEN = '#1d6b43';
const SAFFRON = '#f2a33a';
const MUTED = '#525c56';
const INNER = 841.89 - MARGIN * 2;

/**
 * The register of food received as a pdfmake document: A4 landscape, a heading block, then one
 * table row per donation with its heading row repeated on every page. Every line is split into
 * runs of one script, each set in its script's font, so Indic text is shaped.
 */
export function registerDocument(data: RegisterData): TDocumentDefinitions {
  const fallback = scriptForLanguage(data.language);
  // A cell's first line is its fact (a name, a food, a time); the lines under it are muted.
  const lines = (cell: string[]): Content => ({
    stack: cell.map((line, i) => ({
      // "60 °C" stays on one line with the word after it: a line broken where the degree sign's
      // run (Latin font) ends would start with a space.
      text: runs(
        line.replace(
          /(\d) °C( ?)/g,
          (_, digit: string, space: string) => `${digit}\u00a0°C${space ? '\u00a0' : ''}`,
        ),
        fallback,
      ),
      fontSize: 8.5,
      ...(i === 0 ? {} : { color: MUTED }),
    })),
  });
  const content: Content[] = [
    { text: runs(data.title, fallback), fontSize: 20, bold: true, color: GREEN },
    ...data.lines.map((line): Content => ({
      text: runs(line, fallback),
      fontSize: 10,
      margin: [0, 2, 0, 0],
    })),
    {
      canvas: [{ type: 'line', x1: 0, y1: 6, x2: INNER, y2: 6, lineWidth: 2, lineColor: SAFFRON }],
      margin: [0, 0, 0, 10],
    },
    data.rows.length === 0
      ? { text: runs(data.empty, fallback), fontSize: 11, color: MUTED }
      : {
          table: {
            headerRows: 1,
            dontBreakRows: true,
            widths: [70, '*', '*', '*', '*', '*'],
            body: [
              data.headers.map((h) => ({
                text: runs(h, fallback),
                bold: true,
                fontSize: 9,
                color: GREEN,
              })),
              ...data.rows.map((row) => row.map(lines)),
            ],
          },
          layout: 'lightHorizontalLines',
        },
  ];
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 6],
    info: { title: data.title, creator: 'AnnaSetu' },
    language: data.language,
    defaultStyle: { font: fallback, fontSize: 9, lineHeight: 1.25, color: '#1e2a23' },
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
