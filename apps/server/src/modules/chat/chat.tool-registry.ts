import { z } from 'zod';
import {
  DONATION_STATUSES,
  MAX_NEARBY_RADIUS_KM,
  REQUEST_STATUSES,
  type DonationStatus,
  type RequestStatus,
} from '@annasetu/domain';
import {
  myDonations,
  myImpact,
  myRequests,
  myTokens,
  nearbyDonations,
  nextSteps,
  type ToolContext,
} from './chat.tools.js';
import type { Renderer } from './engine/render.js';
import type { DataIntent, Slots } from './engine/types.js';

/** What a tool may use besides the session user: the knowledge search of the running engine. */
export interface ToolHelpers {
  searchKnowledge: (query: string) => string[];
}

/**
 * One tool of the assistant, defined once for both ways of answering: the built-in engine calls
 * it for the intent it serves, and the model path offers it as a function with the JSON schema
 * of `args`. No argument can name a user: every tool acts as the session user.
 */
interface ChatTool<Args extends z.ZodObject, Result = unknown> {
  name: string;
  /** The built-in engine's intent this tool answers (none: the model path only). */
  intent: DataIntent | null;
  description: string;
  args: Args;
  run: (context: ToolContext, args: z.infer<Args>, helpers: ToolHelpers) => Promise<Result>;
  /** The built-in engine's way in: the arguments read from the message's slots... */
  fromSlots?: (slots: Slots) => z.infer<Args>;
  /** ...and the reply in the reader's language. */
  render?: (r: Renderer, result: Result) => string;
}

/**
 * A tool as the registry keeps it: its definition, and for an intent tool the built-in
 * engine's whole answer (slots to arguments, run, render), typed together here.
 */
function tool<Args extends z.ZodObject, Result>(definition: ChatTool<Args, Result>) {
  const { fromSlots, render } = definition;
  return {
    ...definition,
    answer:
      fromSlots && render
        ? async (context: ToolContext, slots: Slots, r: Renderer, helpers: ToolHelpers) =>
            render(r, await definition.run(context, fromSlots(slots), helpers))
        : undefined,
  };
}

// One status word serves both lists: a "delivered" donation is completed, a "completed" request
// is fulfilled.
function donationStatus(status: Slots['status']): DonationStatus | undefined {
  if (status === 'fulfilled' || status === 'collected') return 'completed';
  return status && (DONATION_STATUSES as readonly string[]).includes(status)
    ? (status as DonationStatus)
    : undefined;
}

function requestStatus(status: Slots['status']): RequestStatus | undefined {
  if (status === 'completed') return 'fulfilled';
  return status && (REQUEST_STATUSES as readonly string[]).includes(status)
    ? (status as RequestStatus)
    : undefined;
}
const onlyStatus = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.object({ status: z.enum(values).optional().describe('Only items in this status (optional).') });

export const CHAT_TOOLS = [
  tool({
    name: 'get_my_donations',
    intent: 'my_donations',
    description: "The signed-in user's own donations: counts per status and the latest ones.",
    args: onlyStatus(DONATION_STATUSES),
    run: (context, args) => myDonations(context, args),
    fromSlots: (slots) => ({ status: donationStatus(slots.status) }),
    render: (r, result) => r.donations(result),
  }),
  tool({
    name: 'get_my_requests',
    intent: 'my_requests',
    description:
      'Requests the signed-in user takes part in (asked, carried, received, or on their donations).',
    args: onlyStatus(REQUEST_STATUSES),
    run: (context, args) => myRequests(context, args),
    fromSlots: (slots) => ({ status: requestStatus(slots.status) }),
    render: (r, result) => r.requests(result),
  }),
  tool({
    name: 'get_my_tokens',
    intent: 'my_tokens',
    description: "The signed-in user's reward token balance.",
    args: z.object({}),
    run: (context) => myTokens(context),
    fromSlots: () => ({}),
    render: (r, result) => r.tokens(result),
  }),
  tool({
    name: 'get_my_impact',
    intent: 'my_impact',
    description:
      "The signed-in user's all-time impact: CO2 saved, meals, deliveries, badges, next milestone.",
    args: z.object({}),
    run: (context) => myImpact(context),
    fromSlots: () => ({}),
    render: (r, result) => r.impact(result),
  }),
  tool({
    name: 'find_donations_near_me',
    intent: 'nearby_donations',
    description:
      'Donations available to the signed-in user around their profile location, nearest first.',
    args: z.object({
      radiusKm: z
        .number()
        .min(1)
        .max(MAX_NEARBY_RADIUS_KM)
        .optional()
        .describe('Search radius in km (default 10).'),
    }),
    run: (context, args) => nearbyDonations(context, args),
    fromSlots: (slots) => ({ radiusKm: slots.radiusKm }),
    render: (r, result) => r.nearby(result),
  }),
  tool({
    name: 'get_my_next_steps',
    intent: 'next_steps',
    description: "The signed-in user's open items and what they should do next on each.",
    args: z.object({}),
    run: (context) => nextSteps(context),
    fromSlots: () => ({}),
    render: (r, result) => r.next(result),
  }),
  tool({
    name: 'search_knowledge',
    intent: null,
    description:
      'Search the AnnaSetu knowledge base (how the platform works, tokens, CO2, food safety in India).',
    args: z.object({ query: z.string().min(1).max(500).describe('What to look up.') }),
    run: async (_context, args, helpers) => ({ passages: helpers.searchKnowledge(args.query) }),
  }),
] as const;

/** The tools as an OpenAI-compatible `tools` list: names, descriptions, JSON schemas. */
export const LLM_TOOLS = CHAT_TOOLS.map(({ name, description, args }) => {
  const { $schema: _schema, ...parameters } = z.toJSONSchema(args);
  return { type: 'function' as const, function: { name, description, parameters } };
});

/**
 * Runs one tool call for the model. Arguments are checked against the tool's schema; a call
 * that fails the check, or names no tool, gets an error the model can read.
 */
export async function runTool(
  name: string,
  rawArgs: string,
  context: ToolContext,
  helpers: ToolHelpers,
): Promise<unknown> {
  const found = CHAT_TOOLS.find((each) => each.name === name);
  if (!found) return { error: `Unknown tool ${name}.` };
  let args: unknown;
  try {
    args = rawArgs ? JSON.parse(rawArgs) : {};
  } catch {
    return { error: 'Arguments are not valid JSON.' };
  }
  const parsed = found.args.safeParse(args ?? {});
  if (!parsed.success) return { error: 'Invalid arguments.' };
  return (found.run as ChatTool<z.ZodObject>['run'])(context, parsed.data, helpers);
}

/** The built-in engine's answer to a question about the user's own data, through its tool. */
export function answerWithTool(
  intent: DataIntent,
  context: ToolContext,
  slots: Slots,
  r: Renderer,
  helpers: ToolHelpers,
): Promise<string> {
  const found = CHAT_TOOLS.find((each) => each.intent === intent);
  if (!found?.answer) throw new Error(`No tool answers ${intent}`);
  return found.answer(context, slots, r, helpers);
}
