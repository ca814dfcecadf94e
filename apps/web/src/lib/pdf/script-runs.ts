import { scriptOf, splitRuns, type PdfScript, type TextRun } from './text-runs';

/**
 * Text in the app's PDFs (the impact report, donation labels): split into runs of one script,
 * each set in a font that has its glyphs, so fontkit shapes every script correctly.
 */

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

// Characters every Indic font of the app's PDFs has besides its own script: digits, spaces, common
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
 * The font of a run: its script's font, except that plain ASCII inside an Indic document stays in
 * the document's own font when it has those glyphs, so a Hindi PDF need not load the Latin font.
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

/** The fonts a document needs: its language's font and those of every run it prints. */
export function fontsUsed(texts: Iterable<string>, language: string): Set<PdfScript> {
  const fallback = scriptForLanguage(language);
  const fonts = new Set<PdfScript>([fallback]);
  for (const text of texts) {
    for (const run of runs(text, fallback)) fonts.add(run.font);
  }
  return fonts;
}
