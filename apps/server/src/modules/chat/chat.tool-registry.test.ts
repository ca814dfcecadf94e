import { describe, expect, it } from 'vitest';
import { DONATION_STATUSES, MAX_NEARBY_RADIUS_KM } from '@annasetu/domain';
import { CHAT_TOOLS, LLM_TOOLS, runTool } from './chat.tool-registry.js';
import type { ToolContext } from './chat.tools.js';
import { DATA_INTENTS } from './engine/types.js';

// Calls refused before any tool runs need no database.
const NO_CONTEXT = {} as ToolContext;
const helpers = { searchKnowledge: (query: string) => [`found: ${query}`] };

describe('the chat tool registry', () => {
  it('answers every data intent of the built-in engine with exactly one tool, which renders the reply', () => {
    for (const intent of DATA_INTENTS) {
      expect(CHAT_TOOLS.filter((tool) => tool.intent === intent).map((t) => t.name)).toHaveLength(
        1,
      );
    }
    expect(new Set(CHAT_TOOLS.map((tool) => tool.name)).size).toBe(CHAT_TOOLS.length);
  });

  it('offers the model each tool with a closed JSON schema drawn from its arguments', () => {
    const donations = LLM_TOOLS.find((tool) => tool.function.name === 'get_my_donations')!;
    expect(donations.function.parameters).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: { status: { type: 'string', enum: [...DONATION_STATUSES] } },
    });
    const nearby = LLM_TOOLS.find((tool) => tool.function.name === 'find_donations_near_me')!;
    expect(nearby.function.parameters).toMatchObject({
      properties: { radiusKm: { minimum: 1, maximum: MAX_NEARBY_RADIUS_KM } },
    });
    const search = LLM_TOOLS.find((tool) => tool.function.name === 'search_knowledge')!;
    expect(search.function.parameters).toMatchObject({ required: ['query'] });
    for (const tool of LLM_TOOLS) expect(tool.function.parameters).not.toHaveProperty('$schema');
  });

  it('refuses unknown tools, arguments that are not JSON and arguments out of range', async () => {
    expect(await runTool('get_other_users_tokens', '{}', NO_CONTEXT, helpers)).toEqual({
      error: 'Unknown tool get_other_users_tokens.',
    });
    expect(await runTool('get_my_donations', '{status:', NO_CONTEXT, helpers)).toEqual({
      error: 'Arguments are not valid JSON.',
    });
    for (const [name, args] of [
      ['get_my_donations', { status: 'stolen' }],
      ['find_donations_near_me', { radiusKm: 0 }],
      ['find_donations_near_me', { radiusKm: MAX_NEARBY_RADIUS_KM + 1 }],
      ['search_knowledge', { query: '' }],
    ] as const) {
      expect(await runTool(name, JSON.stringify(args), NO_CONTEXT, helpers)).toEqual({
        error: 'Invalid arguments.',
      });
    }
  });

  it('searches the knowledge through the engine it is given', async () => {
    expect(
      await runTool('search_knowledge', JSON.stringify({ query: 'tokens' }), NO_CONTEXT, helpers),
    ).toEqual({ passages: ['found: tokens'] });
  });
});
