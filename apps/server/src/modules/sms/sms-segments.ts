// How one text becomes SMS parts: the alphabet decides the room per part (decision 0060).

/** GSM 03.38 default alphabet: one septet each. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 extension table: an escape plus the character, two septets each. */
const GSM_EXTENDED = '\f^{}\\[~]|€';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

/** SMPP data_coding values we send. */
export const DATA_CODING = { gsm: 0x00, latin1: 0x03, ucs2: 0x08 } as const;
export type SmsAlphabet = keyof typeof DATA_CODING;

/** Room in one part: alone, and with the 6-octet concatenation header. */
const ROOM: Record<SmsAlphabet, { single: number; concatenated: number }> = {
  gsm: { single: 160, concatenated: 153 }, // septets
  latin1: { single: 140, concatenated: 134 }, // octets
  ucs2: { single: 70, concatenated: 67 }, // UTF-16 code units
};

/** The smallest alphabet that carries the text: Indic scripts need UCS-2. */
export function alphabetOf(text: string): SmsAlphabet {
  if ([...text].every((c) => BASIC.has(c) || EXTENDED.has(c))) return 'gsm';
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u00ff]*$/.test(text)) return 'latin1';
  return 'ucs2';
}

/** What one character costs in its alphabet's units. */
function cost(alphabet: SmsAlphabet, char: string): number {
  if (alphabet === 'gsm') return EXTENDED.has(char) ? 2 : 1;
  if (alphabet === 'ucs2') return char.length; // a surrogate pair is two code units
  return 1;
}

/**
 * The text cut into parts that each fit one SMS. A part never ends inside a GSM escape or a
 * surrogate pair; one part needs no concatenation header.
 */
export function splitSms(text: string): { alphabet: SmsAlphabet; parts: string[] } {
  const alphabet = alphabetOf(text);
  const chars = [...text];
  const total = chars.reduce((sum, c) => sum + cost(alphabet, c), 0);
  if (total <= ROOM[alphabet].single) return { alphabet, parts: [text] };
  const room = ROOM[alphabet].concatenated;
  const parts: string[] = [];
  let current = '';
  let used = 0;
  for (const char of chars) {
    const size = cost(alphabet, char);
    if (used + size > room) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += char;
    used += size;
  }
  if (current) parts.push(current);
  return { alphabet, parts };
}

/** The concatenation user data header (IEI 0x00, 8-bit reference) of part `seq` of `total`. */
export function concatenationHeader(reference: number, total: number, seq: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, seq]);
}
