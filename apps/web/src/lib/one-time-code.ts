import { ONE_TIME_CODE } from '@annasetu/domain';

/**
 * The first code point of each run of ten decimal digits people may type a code in: a phone
 * keyboard set to Hindi, Bengali, Tamil... types its own digits ("९८२४१८").
 */
const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0xff10,
];

function asciiDigit(char: string): string {
  const point = char.codePointAt(0)!;
  const zero = DIGIT_ZEROS.find((first) => point >= first && point <= first + 9);
  return zero === undefined ? char : String(point - zero);
}

/**
 * The digits of a typed or pasted one-time code, at most as many as a code has: a code pasted
 * with spaces or dashes ("096 106") is read by its digits, and digits of Indian scripts are read
 * as the digits they are.
 */
export function codeDigits(value: string): string {
  return Array.from(value, asciiDigit).join('').replace(/\D/g, '').slice(0, ONE_TIME_CODE.digits);
}
