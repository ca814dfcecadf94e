import { useMutation } from '@tanstack/react-query';
import type { ChatInput, FieldIssue } from '@annasetu/domain';
import type { ApiResponse } from '../../../lib/api/types';
import { readCookie } from '../../../lib/api-client';

/** The assistant's answer: its text and, when it was unsure, the questions it suggests. */
export interface ChatAnswer {
  reply: string;
  suggestions?: string[];
}

/** Why a chat call failed, in the terms the seed's error texts need. */
export type ChatFailure =
  /** The server answered non-2xx with a JSON body: its message, code and field issues if any. */
  | { kind: 'server'; status: number; error?: string; code?: string; details: FieldIssue[] }
  /** No readable answer: the network failed, or the body was not JSON (a proxy's page). */
  | { kind: 'connection' };

/** A chat call that did not produce a reply. */
export class ChatRequestError extends Error {
  readonly failure: ChatFailure;

  constructor(failure: ChatFailure) {
    super(failure.kind === 'server' ? (failure.error ?? 'Chat request failed') : 'No connection');
    this.name = 'ChatRequestError';
    this.failure = failure;
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function fieldIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FieldIssue =>
      typeof asRecord(item)?.code === 'string' && typeof asRecord(item)?.field === 'string',
  );
}

/**
 * POST /api/chat. Written on fetch rather than the shared client because the seed tells a JSON
 * error body ("its error") apart from a non-JSON one ("could not connect"), which ApiError hides.
 * Same cookies and CSRF header as every other unsafe call.
 */
export async function sendChatMessage(input: ChatInput, signal?: AbortSignal): Promise<ChatAnswer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const token = readCookie('csrf_token');
  if (token) headers['X-CSRF-Token'] = token;

  let response: Response;
  let text: string;
  try {
    response = await fetch('/api/chat', {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(input),
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ChatRequestError({ kind: 'connection' });
  }

  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new ChatRequestError({ kind: 'connection' });
  }

  const record = asRecord(body);
  if (response.ok) {
    if (typeof record?.reply === 'string') {
      const answer = record as unknown as ApiResponse<'/api/chat', 'post'>;
      const suggestions = Array.isArray(answer.suggestions)
        ? answer.suggestions.filter((s): s is string => typeof s === 'string' && s.trim() !== '')
        : [];
      return suggestions.length > 0
        ? { reply: answer.reply, suggestions }
        : { reply: answer.reply };
    }
    throw new ChatRequestError({ kind: 'server', status: response.status, details: [] });
  }
  throw new ChatRequestError({
    kind: 'server',
    status: response.status,
    error: typeof record?.error === 'string' && record.error.trim() ? record.error : undefined,
    code: typeof record?.code === 'string' ? record.code : undefined,
    details: fieldIssues(record?.details),
  });
}

/** Sends one message; the caller keeps the conversation (it outlives the mutation). */
export function useSendChatMessage() {
  return useMutation({ mutationFn: (input: ChatInput) => sendChatMessage(input), retry: false });
}
