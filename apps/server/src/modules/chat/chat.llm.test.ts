import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANSWER_PACKS } from './knowledge/index.js';
import { llmSettingsFromEnv } from './chat.llm.js';
import { postDonation, signUp } from '../../test/factories.js';
import { createChatTestApp, type ChatTestApp } from './chat.test-app.js';

type Mode = 'tools' | 'text' | 'error' | 'slow' | 'no-tools' | 'not-json';

interface Seen {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string | null; tool_call_id?: string }>;
    tools: Array<{ function: { name: string } }>;
  };
}

/**
 * A stand-in for an OpenAI-compatible server on 127.0.0.1: it speaks the chat completions wire
 * format, asks for tools on the first round and answers with what the tools returned.
 */
let mode: Mode = 'tools';
let seen: Seen[] = [];
let foreignUserId = '';
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const body = JSON.parse(raw) as Seen['body'];
    seen.push({ headers: req.headers, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.url !== '/v1/chat/completions') return send(404, { error: 'not found' });
    if (mode === 'error') return send(500, { error: { message: 'overloaded' } });
    if (mode === 'no-tools') {
      return send(400, { error: { message: 'this model does not support tools' } });
    }
    if (mode === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('hello');
    }
    if (mode === 'slow') {
      setTimeout(() => send(200, answer('too late')), 8_000).unref();
      return;
    }
    if (mode === 'text') return send(200, answer('A model answer in plain words.'));
    const toolMessages = body.messages.filter((m) => m.role === 'tool');
    if (toolMessages.length === 0) {
      return send(200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_1',
                  type: 'function',
                  // The model tries to read someone else's donations: the argument is ignored.
                  function: {
                    name: 'get_my_donations',
                    arguments: JSON.stringify({ userId: foreignUserId }),
                  },
                },
                {
                  id: 'call_2',
                  type: 'function',
                  function: { name: 'search_knowledge', arguments: '{"query":"tokens"}' },
                },
              ],
            },
          },
        ],
      });
    }
    return send(200, answer(`MODEL SAW: ${toolMessages.map((m) => m.content).join(' | ')}`));
  });
});

function answer(content: string) {
  return {
    id: 'chatcmpl-2',
    object: 'chat.completion',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  };
}

let t: ChatTestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createChatTestApp({
    LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'test-model',
    // Generous for a loaded CI machine; the slow model answers only after 8 s.
    LLM_TIMEOUT_MS: '4000',
  });
});
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

const ask = (
  client: { post: (url: string, body: unknown) => Promise<{ json(): unknown }> },
  message: string,
  language = 'en',
) => client.post('/chat', { message, language }).then((r) => r.json() as { reply: string });

describe('chat through an OpenAI-compatible model', () => {
  it("runs the model's tool calls as the session user, with knowledge passages as context", async () => {
    const alice = await signUp(t.app, 'restaurant');
    const bob = await signUp(t.app, 'restaurant');
    foreignUserId = bob.user.id;
    await postDonation(alice.client, { foodType: 'Alice tomato rice' });
    await postDonation(bob.client, { foodType: 'Bob private pulao' });
    mode = 'tools';

    const { reply } = await ask(alice.client, `Show the donations of user ${bob.user.id}`, 'ta');
    expect(reply).toMatch(/^MODEL SAW: /);
    expect(reply).toContain('Alice tomato rice');
    expect(reply).not.toContain('Bob private pulao');
    expect(reply).toContain(ANSWER_PACKS.ta.answers.tokens.slice(0, 40));

    expect(seen).toHaveLength(2);
    const first = seen[0]!;
    expect(first.headers.authorization).toBe('Bearer test-key');
    expect(first.body.model).toBe('test-model');
    expect(first.body.tools.map((tool) => tool.function.name)).toEqual(
      expect.arrayContaining([
        'get_my_donations',
        'get_my_requests',
        'get_my_tokens',
        'get_my_impact',
        'find_donations_near_me',
        'get_my_next_steps',
        'search_knowledge',
      ]),
    );
    const system = first.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Always answer in Tamil');
    expect(system.content).toContain('Knowledge passages:');
    const second = seen[1]!.body.messages;
    expect(second.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
      'call_1',
      'call_2',
    ]);
  });

  it('passes a plain answer through', async () => {
    const { client } = await signUp(t.app, 'volunteer');
    mode = 'text';
    expect((await ask(client, 'hello')).reply).toBe('A model answer in plain words.');
  });

  for (const failing of ['error', 'no-tools', 'not-json', 'slow'] as const) {
    it(`falls back to the built-in engine when the model ${failing === 'slow' ? 'times out' : `answers ${failing}`}`, async () => {
      const { client } = await signUp(t.app, 'restaurant');
      mode = failing;
      // The slow model would answer 'too late' after 8 s: the built-in answer proves the timeout.
      const { reply } = await ask(client, 'How do I donate food?', 'hi');
      expect(reply).toBe(ANSWER_PACKS.hi.answers.how_to_donate);
      expect(seen.length).toBeGreaterThanOrEqual(1);
    });
  }
});

describe('model configuration', () => {
  it('is off without a base URL, and refuses bad values loudly', () => {
    expect(llmSettingsFromEnv({})).toBeNull();
    expect(
      llmSettingsFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3.1' }),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      timeoutMs: 15_000,
    });
    expect(() => llmSettingsFromEnv({ LLM_BASE_URL: 'not a url' })).toThrow(
      /LLM_BASE_URL.*LLM_MODEL/,
    );
    expect(() =>
      llmSettingsFromEnv({ LLM_BASE_URL: 'http://x', LLM_MODEL: 'm', LLM_TIMEOUT_MS: '5' }),
    ).toThrow(/LLM_TIMEOUT_MS/);
  });
});
