/**
 * Everything the register PDF prints, already translated and formatted: each cell is its lines
 * (a donor and their FSSAI number, a food and its allergens), shaped run by run in the PDF.
 */
export interface RegisterData {
  language: string;
  fileName: string;
  title: string;
  /** Under the title: the receiver, the period, when it was made. */
  lines: string[];
  headers: string[];
  rows: string[][][];
  empty: string;
  footer: (page: number, pages: number) => string;
}

/** Every string of a register, so the fonts of exactly the scripts it uses can be loaded. */
export function registerTexts(data: RegisterData): string[] {
  return [
    data.title,
    ...data.lines,
    ...data.headers,
    ...data.rows.flat(2),
    data.empty,
    data.footer(1, 1),
  ];
}
