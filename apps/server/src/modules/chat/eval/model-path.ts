import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { answerChat } from '../chat.service.js';
import type { ToolContext } from '../chat.tools.js';
import { DATA_INTENTS, type DataIntent } from '../engine/types.js';
import { ANSWER_PACKS } from '../knowledge/index.js';
import { groupScores, judge, type EvalItem, type Miss } from './accuracy.js';
import type { SetReport } from './run.js';

// The tool a model should call for each own-data intent.
const TOOL_FOR: Record<DataIntent, string> = {
  my_donations: 'get_my_donations',
  my_requests: 'get_my_requests',
  my_tokens: 'get_my_tokens',
  my_impact: 'get_my_impact',
  nearby_donations: 'find_donations_near_me',
  next_steps: 'get_my_next_steps',
};
const INTENT_FOR = new Map(Object.entries(TOOL_FOR).map(([intent, tool]) => [tool, intent]));

interface WireMessage {
  role: string;
  content: string | null;
  tool_call_id?: string;
}
interface WireRequest {
  model: string;
  messages: WireMessage[];
  tools: Array<{ type: string; function: { name: string } }>;
}

/** What the stub saw and did for one question. */
interface Observed {
  tools: string[];
  called: string | null;
  normalized: string | null;
  facts: boolean;
}

/**
 * A local stand-in for an OpenAI-compatible chat completions server. It cannot understand
 * language; it acts as a model that follows what it is given: the built-in reading and the
 * normalised question from the system prompt. For an own-data intent it calls the matching tool
 * and answers with the tool's result; for a topic it calls search_knowledge with the normalised
 * question and answers with the first passage; otherwise it answers with the first passage of
 * the prompt. Every exchange uses the real wire format, tool calls included.
 */
function startStub(observed: Observed[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const send = (payload: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'not found' } }));
      }
      const body = JSON.parse(raw) as WireRequest;
      const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
      const reading = /reads it as: (\S+)/.exec(system)?.[1] ?? '';
      const normalized = /words recognised: (.*)/.exec(system)?.[1] ?? null;
      const toolResults = body.messages.filter((m) => m.role === 'tool');
      if (toolResults.length === 0) {
        const seen: Observed = {
          tools: body.tools.map((t) => t.function.name),
          called: null,
          normalized,
          facts: /defaultExpiryHours: \d/.test(system),
        };
        observed.push(seen);
        const tool = (DATA_INTENTS as readonly string[]).includes(reading)
          ? TOOL_FOR[reading as DataIntent]
          : reading === 'refuse_other_user' ||
              reading === 'greeting' ||
              reading === 'thanks' ||
              reading === 'capabilities'
            ? null
            : 'search_knowledge';
        if (tool) {
          seen.called = tool;
          const args = tool === 'search_knowledge' ? { query: normalized ?? '' } : {};
          return send(completion(null, [{ name: tool, arguments: JSON.stringify(args) }]));
        }
        const passage = /\[1\] (.*)/.exec(system)?.[1] ?? reading;
        return send(completion(`${reading}: ${passage}`));
      }
      const result = toolResults[0]!.content ?? '';
      let text = result;
      try {
        const parsed = JSON.parse(result) as unknown;
        if (Array.isArray(parsed) && typeof parsed[0] === 'string') text = parsed[0];
        else if (parsed && typeof parsed === 'object' && 'passages' in parsed) {
          const passages = (parsed as { passages: unknown }).passages;
          if (Array.isArray(passages) && typeof passages[0] === 'string') text = passages[0];
        }
      } catch {
        // Not JSON: answered as it came.
      }
      return send(completion(text));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let callNumber = 0;
function completion(
  content: string | null,
  calls: Array<{ name: string; arguments: string }> = [],
) {
  return {
    id: `chatcmpl-eval-${++callNumber}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'eval-stub',
    choices: [
      {
        index: 0,
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
        message: {
          role: 'assistant',
          content,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((c, i) => ({
                  id: `call_${callNumber}_${i}`,
                  type: 'function',
                  function: c,
                })),
              }
            : {}),
        },
      },
    ],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/**
 * Runs both sets through the model path (answerChat with LLM_BASE_URL pointing at the stub).
 * A question counts when the model was given what it needs: the seven tools, the product's
 * figures and the normalised question, the right tool or knowledge passage reached it, and the
 * final answer states the required figures in the reply's language.
 */
export async function evaluateModelPath(
  context: ToolContext,
  sets: Array<[string, EvalItem[]]>,
): Promise<SetReport[]> {
  const observed: Observed[] = [];
  const server = await startStub(observed);
  const { port } = server.address() as AddressInfo;
  const logger = pino({ level: 'silent' });
  const settings = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: 'eval',
    model: 'eval-stub',
    timeoutMs: 10_000,
  };
  try {
    const reports: SetReport[] = [];
    for (const [name, items] of sets) {
      const misses: Miss[] = [];
      for (const item of items) {
        const before = observed.length;
        const { reply } = await answerChat({
          ...context,
          message: item.question,
          language: item.lang,
          llm: settings,
          logger,
        });
        const seen = observed[before];
        let got: string;
        let problem: string | null;
        if (!seen) {
          got = 'no request';
          problem = 'the model was not asked';
        } else if (seen.tools.length < 7 || !seen.facts || seen.normalized === null) {
          got = 'incomplete request';
          problem = 'tools, figures or the normalised question missing from the request';
        } else {
          const data = seen.called ? INTENT_FOR.get(seen.called) : undefined;
          const talk = reply.split(':')[0] ?? '';
          got = data ?? (seen.called ? item.expected : talk);
          // Knowledge: the passage the model quotes must be the expected topic's answer.
          problem = judgeModel(item, got, seen.called, reply);
        }
        if (problem) misses.push({ ...item, got, problem });
      }
      reports.push({ name, scores: groupScores(items, misses), misses });
    }
    return reports;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A knowledge answer must be the expected topic's passage; an own-data one, the right tool. */
function judgeModel(
  item: EvalItem,
  got: string,
  called: string | null,
  reply: string,
): string | null {
  if (called === 'search_knowledge') {
    const answers = ANSWER_PACKS[item.lang].answers as Record<string, string>;
    const topic = Object.keys(answers).find((id) => answers[id] === reply) ?? 'another text';
    return judge(item, topic, reply);
  }
  if (called) return got === item.expected ? null : `expected ${item.expected}, got ${got}`;
  return got === item.expected ? null : `expected ${item.expected}, got ${got}`;
}
