import type { FastifyInstance } from 'fastify';
import type { TestClient } from './build-app.js';

/** One parsed server-sent event. */
export interface SseEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

/**
 * Opens GET /api/events on a listening app as `client` (real HTTP: inject cannot stream) and
 * collects events as they arrive.
 */
export async function openStream(
  app: FastifyInstance,
  client: TestClient,
  headers: Record<string, string> = {},
) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${address.port}/api/events`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  let buffer = '';
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
          }
          if (fields.event || fields.data) {
            events.push({
              ...(fields.id !== undefined ? { id: fields.id } : {}),
              event: fields.event ?? 'message',
              data: fields.data ? (JSON.parse(fields.data) as Record<string, unknown>) : {},
            });
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    contentEncoding: response.headers.get('content-encoding'),
    events,
    /** Resolves when the server ends the stream (or it is closed here). */
    ended: pump,
    /**
     * Resolves with the first event matching `predicate`, or rejects after `timeoutMs`. A wait
     * for an event, not a measure of its latency (tests that bound latency pass their own
     * timeout): on a loaded machine a stream's first bytes can take seconds.
     */
    async waitFor(predicate: (e: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        // One last look after the deadline: an event may have come in during the last sleep.
        if (Date.now() >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
