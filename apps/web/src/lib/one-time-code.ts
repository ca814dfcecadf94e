import { ONE_TIME_CODE } from '@annasetu/domain';

/**
 * The digits of a typed or pasted one-time code, at most as many as a code has: a code pasted
 * with spaces or dashes ("096 106") is read by its digits.
 */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, ONE_TIME_CODE.digits);
}
