import type { RegisterQuery } from '@annasetu/domain';
import { ApiError, api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';

/** A receiver's register of food received in a period (decision 0063). */
export type RegisterAnswer = ApiResponse<'/api/handover/register', 'get'>;
export type RegisterRecord = RegisterAnswer['items'][number];

const query = ({ from, to }: RegisterQuery) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/**
 * GET /api/handover/register: the records of the food received in the period, for the PDF.
 * Fetched when a download is asked for, never kept: a register is a document of its moment.
 */
export function getRegister(period: RegisterQuery): Promise<RegisterAnswer> {
  return api.get<RegisterAnswer>(`/api/handover/register?${query(period)}`);
}

/**
 * GET /api/handover/register.csv: the same rows as CSV, headings in `language`, as the bytes
 * that came (read as text, the byte-order mark spreadsheet programs need would be dropped).
 * Failures become ApiError with the server's code, as the API client's.
 */
export async function getRegisterCsv(period: RegisterQuery, language: string): Promise<Blob> {
  const path = `/api/handover/register.csv?${query(period)}&language=${encodeURIComponent(language)}`;
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.');
  }
  if (response.ok) return response.blob();
  const body = (await response.json().catch(() => null)) as {
    code?: string;
    error?: string;
    details?: ApiError['details'];
  } | null;
  throw new ApiError(
    response.status,
    body?.code ?? 'INTERNAL_ERROR',
    body?.error ?? response.statusText,
    body?.details ?? [],
  );
}
