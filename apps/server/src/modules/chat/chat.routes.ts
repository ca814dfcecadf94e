import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatInputSchema, chatReplySchema } from '@annasetu/domain';
import { currentUser, requireAllowed } from '../../plugins/policy.js';
import { mayAttempt } from './chat.policy.js';
import { embeddingSettingsFromEnv, type EmbeddingSettings } from './chat.embedding.js';
import { llmSettingsFromEnv, type LlmSettings } from './chat.llm.js';
import { loadLanguageModel } from './engine/language.js';
import { chatPerMinuteFromEnv } from './chat.limits.js';

export { DEFAULT_CHAT_PER_MINUTE, chatPerMinuteFromEnv } from './chat.limits.js';

/** Options for tests; in production everything comes from the environment. */
export interface ChatRoutesOptions {
  /** The language model; `null` forces the built-in engine. Default: from LLM_* variables. */
  llm?: LlmSettings | null;
  /** Messages per user per minute. Default: CHAT_RATE_LIMIT_PER_MINUTE or 20. */
  perMinute?: number;
  /** Build the assistant as soon as the server listens (default), or on the first question. */
  warmUp?: boolean;
  /** A sentence-embedding model; `null`: none. Default: from CHAT_EMBEDDING_* variables. */
  embedding?: EmbeddingSettings | null;
}

/**
 * The seed's one HTTP call: `POST /chat` (also `/api/chat`) with `{message, language}` answers
 * `{reply}`; failures answer `{error}` (plus code and details) with a non-2xx status. Signed-in
 * users only, rate-limited per user. Registered without a prefix inside the API scope.
 */
const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const llm = options.llm !== undefined ? options.llm : llmSettingsFromEnv();
  const perMinute = options.perMinute ?? chatPerMinuteFromEnv();
  const embedding =
    options.embedding !== undefined ? options.embedding : embeddingSettingsFromEnv();
  // The assistant (its knowledge, search index and language model) costs seconds of CPU to
  // build: a listening server builds it in the background as soon as it starts, so the first
  // user does not wait; an app that is only injected into (most tests) never pays for it.
  let modelChecked = false;
  const assistant = async () => {
    const service = await import('./chat.service.js');
    service.getAssistant(embedding);
    const problem = service.embeddingModelProblem(embedding);
    if (embedding && problem && !modelChecked) {
      app.log.error(
        { model: embedding.dir, problem },
        'embedding model not read; the built-in similarity answers alone',
      );
    }
    modelChecked = true;
    await loadLanguageModel();
    return service;
  };
  // CHAT_WARM_UP=false leaves it to the first question: servers that start often and are rarely
  // asked (each browser test file starts its own) save those seconds.
  if (options.warmUp !== false) {
    app.addHook('onListen', async () => {
      setImmediate(() => {
        assistant().catch((error: unknown) => app.log.error({ err: error }, 'assistant not built'));
      });
    });
  }

  const route = {
    // Signed in before anything else: an anonymous caller learns nothing from validation.
    onRequest: requireAllowed((user) => mayAttempt(user, 'ask')),
    config: {
      rateLimit: {
        max: perMinute,
        timeWindow: 60_000,
        // After the session is read, so the limit is per user, not per address.
        hook: 'preHandler' as const,
        keyGenerator: (request: { user: { id: string } | null; ip: string }) =>
          request.user ? `chat:${request.user.id}` : `chat-ip:${request.ip}`,
      },
    },
    schema: {
      tags: ['chat'],
      summary: 'Ask the assistant; it answers in the chosen language',
      body: chatInputSchema,
      response: { 200: chatReplySchema },
    },
  };

  for (const url of ['/chat', '/api/chat']) {
    app.post(url, route, async (request) => {
      const user = currentUser(request);
      const { answerChat } = await assistant();
      return answerChat({
        db: app.database.db,
        user,
        message: request.body.message,
        language: request.body.language,
        llm,
        embedding,
        logger: request.log,
      });
    });
  }
};

export default chatRoutes;
