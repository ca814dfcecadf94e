// Screens every role has.
import type { ChatLanguage } from '@annasetu/domain';
import { sessionFrom } from '../http.js';
import { call, pick } from '../world.js';
import { itemsOf, type Scenario } from './types.js';

export const CHAT_QUESTIONS: readonly (readonly [ChatLanguage, string])[] = [
  ['en', 'How do I donate food?'],
  ['en', 'Is there food available near me?'],
  ['hi', 'खाना दान कैसे करें?'],
  ['hi', 'मेरे कितने टोकन हैं?'],
  ['hi', 'khana kaise donate karein?'],
  ['bn', 'আমি কীভাবে খাবার দান করব?'],
  ['te', 'ఆహారాన్ని ఎలా దానం చేయాలి?'],
  ['kn', 'ಆಹಾರವನ್ನು ಹೇಗೆ ದಾನ ಮಾಡುವುದು?'],
  ['pa', 'ਮੈਂ ਭੋਜਨ ਕਿਵੇਂ ਦਾਨ ਕਰਾਂ?'],
  ['ta', 'உணவை எப்படி தானம் செய்வது?'],
  ['mr', 'मी अन्न कसे दान करू?'],
];

export const common: Scenario[] = [
  {
    name: 'notifications',
    weight: 10,
    async run(ctx, user) {
      const list = await call(
        ctx,
        user,
        'GET',
        'GET /api/notifications',
        `/api/notifications${ctx.random() < 0.5 ? '?unreadOnly=true' : ''}`,
      );
      const unread = itemsOf<{ id: string; readAt: string | null }>(list.body).filter(
        (n) => n.readAt === null,
      );
      for (const n of unread.slice(0, 1 + Math.floor(ctx.random() * 2))) {
        await call(
          ctx,
          user,
          'POST',
          'POST /api/notifications/:id/read',
          `/api/notifications/${n.id}/read`,
        );
      }
    },
  },
  {
    name: 'read all',
    weight: 2,
    async run(ctx, user) {
      await call(
        ctx,
        user,
        'POST',
        'POST /api/notifications/read-all',
        '/api/notifications/read-all',
      );
    },
  },
  {
    name: 'unread badge',
    weight: 8,
    async run(ctx, user) {
      await call(
        ctx,
        user,
        'GET',
        'GET /api/notifications/unread-count',
        '/api/notifications/unread-count',
      );
    },
  },
  {
    name: 'stats',
    weight: 6,
    async run(ctx, user) {
      const [endpoint, path] = pick(ctx.random, [
        ['GET /api/stats/me', '/api/stats/me'],
        ['GET /api/stats/me', '/api/stats/me?range=all'],
        ['GET /api/stats/platform', '/api/stats/platform'],
        ['GET /api/stats/trends', '/api/stats/trends?scope=me'],
        ['GET /api/stats/trends', '/api/stats/trends?scope=platform'],
        ['GET /api/stats/activity', '/api/stats/activity'],
      ] as const)!;
      await call(ctx, user, 'GET', endpoint, path);
    },
  },
  {
    name: 'chat',
    weight: 4,
    async run(ctx, user) {
      const [language, message] = pick(ctx.random, CHAT_QUESTIONS)!;
      await call(ctx, user, 'POST', 'POST /api/chat', '/api/chat', { body: { message, language } });
    },
  },
  {
    name: 'profile',
    weight: 3,
    async run(ctx, user) {
      await call(ctx, user, 'GET', 'GET /api/me', '/api/me');
    },
  },
  {
    // Coming back another day: sign out, sign in again (argon2id verification).
    name: 'sign in again',
    weight: 0.5,
    async run(ctx, user) {
      const out = await call(ctx, user, 'POST', 'POST /api/auth/logout', '/api/auth/logout');
      if (out.outcome !== 'ok') return;
      const endpoint = 'POST /api/auth/login';
      const body = { email: user.email, password: user.password, rememberMe: ctx.random() < 0.5 };
      // Signed out now: a busy server is asked again after its Retry-After, as a person would.
      for (let attempt = 0; ; attempt++) {
        const started = performance.now();
        const answer = await ctx.http
          .send('POST', '/api/auth/login', { body, agent: user.agent })
          .catch((error: Error) => error);
        if (!(answer instanceof Error) && answer.status === 200) {
          ctx.recorder.record(endpoint, answer.ms, 'ok');
          user.session = sessionFrom(answer);
          return;
        }
        const busy =
          !(answer instanceof Error) &&
          answer.status === 503 &&
          (answer.body as { code?: string } | null)?.code === 'SERVICE_BUSY';
        const label = answer instanceof Error ? 'no answer' : `${answer.status}`;
        ctx.recorder.record(
          endpoint,
          answer instanceof Error ? performance.now() - started : answer.ms,
          busy ? 'shed' : 'error',
          busy ? '503 SERVICE_BUSY' : label,
        );
        if (!busy || attempt >= 10) {
          if (!busy) ctx.recorder.sample(`login of ${user.role} -> ${label}`);
          throw new Error(`${user.email} could not sign in again (${label})`);
        }
        await new Promise((r) => setTimeout(r, (answer.retryAfter ?? 2) * 1000));
      }
    },
  },
];
