import { AppError } from './errors.js';

/** Keyset pagination cursors: the sort key of the last row of a page, opaque to clients. */
export function encodeCursor(values: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Decodes a cursor made by encodeCursor with the given shape; anything else is CURSOR_INVALID. */
export function decodeCursor<T extends ReadonlyArray<'string' | 'number'>>(
  cursor: string,
  shape: T,
): { [K in keyof T]: T[K] extends 'number' ? number : string } {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(values) &&
      values.length === shape.length &&
      values.every((v, i) => typeof v === shape[i] && (typeof v !== 'number' || Number.isFinite(v)))
    ) {
      return values as never;
    }
  } catch {
    // fall through
  }
  throw new AppError('CURSOR_INVALID');
}
