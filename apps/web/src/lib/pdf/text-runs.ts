/** The scripts of the UI languages; each has its own font in the PDFs the app makes. */
export const PDF_SCRIPTS = [
  'latin',
  'devanagari',
  'gurmukhi',
  'bengali',
  'telugu',
  'kannada',
  'tamil',
] as const;
export type PdfScript = (typeof PDF_SCRIPTS)[number];

const BLOCKS: { script: PdfScript; from: number; to: number }[] = [
  { script: 'devanagari', from: 0x0900, to: 0x097f },
  { script: 'bengali', from: 0x0980, to: 0x09ff },
  { script: 'gurmukhi', from: 0x0a00, to: 0x0a7f },
  { script: 'tamil', from: 0x0b80, to: 0x0bff },
  { script: 'telugu', from: 0x0c00, to: 0x0c7f },
  { script: 'kannada', from: 0x0c80, to: 0x0cff },
  { script: 'devanagari', from: 0xa8e0, to: 0xa8ff },
];

// Signs shared by the Indic scripts (danda, double danda, Vedic tone marks) and joiners follow
// the letters around them instead of starting a run of their own.
const INHERITED = new Set([0x0951, 0x0952, 0x0964, 0x0965, 0x200c, 0x200d, 0x25cc]);
const LETTER = /\p{L}|\p{M}/u;

/** The script of one character, or null when it is neutral (space, digit, punctuation). */
export function scriptOf(char: string): PdfScript | null {
  const code = char.codePointAt(0) ?? 0;
  if (INHERITED.has(code)) return null;
  for (const block of BLOCKS) {
    if (code >= block.from && code <= block.to) return block.script;
  }
  return LETTER.test(char) ? 'latin' : null;
}

export interface TextRun {
  text: string;
  script: PdfScript;
}

/**
 * Splits text into runs of one script, so each run is shaped with a font that has its glyphs
 * (conjuncts and vowel signs need the script's own font). Spaces, digits and punctuation join
 * the run before them; text with no letters at all is one run of `fallback`.
 */
export function splitRuns(text: string, fallback: PdfScript = 'latin'): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun | null = null;
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char);
    if (script === null) {
      if (current) current.text += char;
      else pending += char;
      continue;
    }
    if (current && current.script === script) {
      current.text += char;
      continue;
    }
    current = { text: pending + char, script };
    pending = '';
    runs.push(current);
  }
  if (pending) runs.push({ text: pending, script: fallback });
  return runs;
}
