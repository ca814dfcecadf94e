import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Numbers typed without a country code are read as Indian. */
export const DEFAULT_PHONE_REGION = 'IN';

/**
 * A phone number as typed ("098765 43210", "+91-98765-43210") in E.164 ("+919876543210"), or
 * null when it is not a number that can exist (the full metadata checks each country's ranges,
 * not only the length).
 */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, DEFAULT_PHONE_REGION);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** A number that can receive SMS: a mobile (or a number whose kind the metadata cannot tell). */
export function isMobileNumber(e164: string): boolean {
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}
