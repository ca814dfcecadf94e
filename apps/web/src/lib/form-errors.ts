import type { TFunction } from 'i18next';
import type { FieldIssue } from '@annasetu/domain';
import { translateCode } from './errors';

/** Field name -> error code (the first problem of each field). */
export type FieldCodes = Record<string, string>;

interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** Turns schema issues (whose messages are error codes) into one code per field. */
export function issuesToFieldCodes(issues: readonly SchemaIssue[]): FieldCodes {
  const codes: FieldCodes = {};
  for (const item of issues) {
    const field = item.path.length ? String(item.path[0]) : '_form';
    codes[field] ??= item.message;
  }
  return codes;
}

/** The same from the `details` of a 400 answer. */
export function detailsToFieldCodes(details: readonly FieldIssue[]): FieldCodes {
  const codes: FieldCodes = {};
  for (const item of details) {
    const field = item.field ? item.field.split('.')[0]! : '_form';
    codes[field] ??= item.code;
  }
  return codes;
}

/** The message under a field: "Required" reads better there than the form-level sentence. */
export function fieldMessage(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (code === 'REQUIRED_FIELDS_MISSING') return t('validation.required');
  return translateCode(t, code);
}

/** The distinct form-level messages, in field order (e.g. "Please fill in all required fields"). */
export function summaryMessages(t: TFunction, codes: FieldCodes): string[] {
  return [...new Set(Object.values(codes))].map((code) => translateCode(t, code));
}

/** Focuses the first invalid control of a form, in document order. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  target?.focus();
}
