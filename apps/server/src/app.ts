import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Agent } from 'node:https';
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/client.js';
import {
  MemoryCounterStore,
  PostgresCounterStore,
  rateLimitStoreFor,
  type CounterStore,
} from './lib/counters.js';
import { AppError } from './lib/errors.js';
import { describeRoute, OPENAPI_VERSION, SECURITY_SCHEMES, shareErrorBody } from './lib/openapi.js';
import databasePlugin from './plugins/database.js';
import { createMailer, type Mailer } from './plugins/mailer.js';
import { installErrorHandler } from './plugins/error-handler.js';
import sessionPlugin, { CSRF_COOKIE, sessionUser } from './plugins/session.js';
import idempotencyPlugin from './plugins/idempotency.js';
import conditionalGetPlugin, {
  entityTag,
  noneMatch,
  replyNotModified,
} from './plugins/conditional-get.js';
import authRoutes from './modules/auth/auth.routes.js';
import otpRoutes from './modules/auth/otp.routes.js';
import phoneRoutes from './modules/account/phone.routes.js';
import repliesPlugin from './modules/replies/replies.plugin.js';
import smsPlugin from './modules/sms/sms.plugin.js';
import whatsappPlugin from './modules/whatsapp/whatsapp.plugin.js';
import healthRoutes from './modules/health/health.routes.js';
import meRoutes from './modules/account/account.routes.js';
import usersDirectoryRoutes from './modules/users/users-directory.routes.js';
import donationRoutes from './modules/donations/donations.routes.js';
import carryingRoutes from './modules/carrying/carrying.routes.js';
import requestRoutes from './modules/requests/requests.routes.js';
import handoverRoutes from './modules/handover/handover.routes.js';
import threadRoutes from './modules/threads/threads.routes.js';
import notificationRoutes from './modules/notifications/notifications.routes.js';
import liveRoutes from './modules/live/live.routes.js';
import statsRoutes from './modules/stats/stats.routes.js';
import adminRoutes from './modules/admin/admin.routes.js';
import pushRoutes from './modules/push/push.routes.js';
import uploadRoutes, { MAX_PHOTO_BYTES } from './modules/uploads/uploads.routes.js';
import chatRoutes from './modules/chat/chat.routes.js';
import seriesRoutes from './modules/series/series.routes.js';
import availabilityRoutes from './modules/availability/availability.routes.js';
import trainingRoutes from './modules/training/training.routes.js';
import calendarRoutes from './modules/calendar/calendar.routes.js';
import publicRoutes from './modules/public/public.routes.js';
import { createPhotoStore, type PhotoStore } from './modules/uploads/photo-store.js';
import { loadVapidKeys, PushDispatcher } from './modules/push/push.dispatcher.js';
import livePlugin from './plugins/live.js';
import metricsPlugin from './plugins/metrics.js';
import overloadPlugin from './plugins/overload.js';
import clientLimitsPlugin from './plugins/client-limits.js';
import inputGuardPlugin from './plugins/input-guard.js';
import notificationMailPlugin from './modules/mail/notification-mail.dispatcher.js';
import { loadAppShell } from './modules/web/app-shell.js';
import { inlineScriptSources, loadPrerenderedPages } from './modules/web/prerendered-pages.js';

/** What the app needs from its host: configuration and an open, migrated database. */
export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  counters?: CounterStore;
  mailer?: Mailer;
  /** HTTPS agent for Web Push requests (tests trust a local push service's certificate). */
  pushAgent?: Agent;
  /** Where collection photos are kept (disk under DATA_DIR by default). */
  photoStore?: PhotoStore;
  /** A ready pino logger (the server's); tests pass `logger` options instead. */
  loggerInstance?: FastifyBaseLogger;
  logger?: FastifyServerOptions['logger'];
  /** Tests: hooks that must see every route's answers (checked against the API description). */
  observe?: (app: FastifyInstance) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends notifications as Web Push (see modules/push). */
    push: PushDispatcher;
  }
}

/**
 * Builds the whole product as one Fastify instance: external plugins, then app plugins, then
 * modules, then the error handler and the web app. Tests `inject` into it; server.ts listens.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? { level: config.logLevel } }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Headers must arrive within the deadline; Node checks open connections every second.
    // (Bodies have their own deadline in the client-limits plugin: uploads may take longer.)
    http: {
      headersTimeout: config.clients.headersTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    // Honour a proxy's request id when it looks like one, so logs line up across hops.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ajv: { customOptions: { removeAdditional: false } },
    // Fastify's default of 10 s per plugin is too short for a cold start on a busy two-core
    // machine (the assistant loads its language model and knowledge index at start); a start
    // that really hangs is still caught by the health check of whoever runs the process.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: other bodies get 415 instead of a confusing validation error.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  options.observe?.(app);

  const counters =
    options.counters ??
    (database.kind === 'postgres'
      ? new PostgresCounterStore(database.db)
      : new MemoryCounterStore());

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDistDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.map.tileUrl)].filter(
          Boolean,
        ) as string[],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.cookieSecure,
  });
  // Answers above 1 KB compressed by Accept-Encoding (brotli, else gzip), decision 0042. Its
  // hook is added to each route after the scope's own hooks, so the conditional-GET plugin tags
  // the uncompressed body first. The event stream writes to the socket itself and is never
  // compressed (nor buffered); request bodies are not decompressed (nothing sends them so).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
  // Slow and greedy clients (decision 0020), then load shedding, both before anything that
  // touches the database (rate-limit counters, sessions).
  await app.register(clientLimitsPlugin, { limits: config.clients, trustProxy: config.trustProxy });
  await app.register(overloadPlugin, {
    maxInFlight: config.overload.maxInFlight,
    dataDir: config.dataDir,
    diskMinFreeBytes: config.overload.diskMinFreeBytes,
  });
  await app.register(metricsPlugin, {
    database,
    token: config.metrics.token,
    smsDailyBudget: config.otp.dailyBudget,
  });
  await app.register(inputGuardPlugin);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5 } });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.perMinute,
    timeWindow: 60_000,
    store: rateLimitStoreFor(counters),
    // Static files and the web app are not rate limited; only the API is.
    allowList: (request) => !isApiPath(request.url),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'AnnaSetu API',
        description: 'Food donation platform: donors, receivers and volunteers.',
        version: '0.1.0',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Error answers, 304, 204 and security come from each route's kind (lib/openapi.ts).
    transform: describeRoute,
    transformObject: shareErrorBody,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // App plugins.
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger: app.log,
    });
  await app.register(databasePlugin, { database, counters, mailer });
  await app.register(livePlugin, { database });
  // SMS over SMPP (decisions 0060, 0068): bound when the app is ready, off without settings.
  await app.register(smsPlugin, { settings: config.sms });
  // WhatsApp through the Cloud API (decision 0069): its webhook and outbox, off without settings.
  await app.register(whatsappPlugin, { settings: config.whatsapp });
  // Alerts by SMS and WhatsApp and the answers to replies (decisions 0068, 0069).
  await app.register(repliesPlugin, { dailyBudget: config.otp.dailyBudget });

  // Web Push: keys shared by all instances; the dispatcher wakes whenever a notification commits.
  const vapid = await loadVapidKeys(database, config.push.vapid);
  const push = new PushDispatcher(database, vapid, {
    subject: config.push.subject,
    logger: app.log,
    onRound: (ok) => app.metrics.jobRan('push', ok),
    ...(options.pushAgent ? { agent: options.pushAgent } : {}),
  });
  app.decorate('push', push);
  app.live.onEvent((event) => {
    if (event.kind === 'notification') void push.wake();
  });
  app.addHook('onReady', async () => push.start());
  // The database closes after the app: a push round still running must finish first.
  app.addHook('onClose', async () => push.stop());
  // Email notifications for users who turned them on, sent after the commit like Web Push.
  await app.register(notificationMailPlugin, {
    baseUrl: config.publicUrl,
  });

  // Modules: the API scope has sessions and CSRF checks; nothing outside it does.
  await app.register(async (api) => {
    await api.register(sessionPlugin, {
      cookieSecure: config.cookieSecure,
      publicUrl: config.publicUrl,
    });
    await api.register(idempotencyPlugin, {});
    await api.register(conditionalGetPlugin);
    await api.register(healthRoutes, { prefix: '/api/health' });
    await api.register(authRoutes, {
      prefix: '/api/auth',
      authPer15Min: config.rateLimit.authPer15Min,
      loginFailuresPer15Min: config.rateLimit.loginFailuresPer15Min,
      publicUrl: config.publicUrl,
    });
    await api.register(otpRoutes, {
      prefix: '/api/auth/otp',
      limits: config.otp,
      authPer15Min: config.rateLimit.authPer15Min,
    });
    await api.register(meRoutes, { prefix: '/api/me' });
    await api.register(phoneRoutes, { prefix: '/api/me/phone', limits: config.otp });
    await api.register(usersDirectoryRoutes, { prefix: '/api/users' });
    await api.register(donationRoutes, { prefix: '/api/donations' });
    await api.register(seriesRoutes, { prefix: '/api/series' });
    await api.register(availabilityRoutes, { prefix: '/api/availability' });
    await api.register(trainingRoutes, { prefix: '/api/training' });
    await api.register(calendarRoutes, {
      prefix: '/api/calendar',
      baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    });
    await api.register(requestRoutes, { prefix: '/api' });
    await api.register(carryingRoutes, { prefix: '/api' });
    await api.register(handoverRoutes, { prefix: '/api' });
    await api.register(threadRoutes, { prefix: '/api' });
    await api.register(notificationRoutes, { prefix: '/api/notifications' });
    await api.register(liveRoutes, {
      prefix: '/api/events',
      maxPerUser: config.clients.maxStreamsPerUser,
      maxPerAddress: config.clients.maxStreamsPerAddress,
      maxTotal: config.clients.maxStreams,
    });
    await api.register(statsRoutes, { prefix: '/api/stats' });
    await api.register(publicRoutes, {
      prefix: '/api/public',
      perMinute: config.rateLimit.publicPerMinute,
    });
    await api.register(adminRoutes, {
      prefix: '/api/admin',
      smsDailyBudget: config.otp.dailyBudget,
    });
    await api.register(pushRoutes, { prefix: '/api/push', publicKey: vapid.publicKey });
    await api.register(chatRoutes, {
      perMinute: config.chat.perMinute,
      llm: config.chat.llm,
      warmUp: config.chat.warmUp,
      embedding: config.chat.embedding,
    });
    await api.register(uploadRoutes, {
      prefix: '/api/uploads',
      store: options.photoStore ?? createPhotoStore(config),
    });
  });

  // Runtime settings for the web app (a deployment changes the map tiles without rebuilding).
  const runtimeConfig = `window.__ANNASETU_CONFIG__ = ${JSON.stringify({
    mapTileUrl: config.map.tileUrl,
    mapAttribution: config.map.attribution,
    vapidPublicKey: vapid.publicKey,
    // One-time codes go by SMS, or by WhatsApp where there is no SMSC (decision 0070).
    phoneSignIn: config.sms !== undefined || config.whatsapp !== undefined,
    sms: config.sms !== undefined,
    whatsapp: config.whatsapp !== undefined,
  })};\n`;
  const runtimeConfigTag = entityTag(null, runtimeConfig);
  app.get('/config.js', { schema: { hide: true } }, async (request, reply) => {
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return replyNotModified(request, reply, runtimeConfigTag) ? reply.send() : runtimeConfig;
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Answers the conditional-GET plugin marked revalidatable keep its private, no-cache; the
    // public figures set their own caching; every other API answer is private to its moment.
    if (isApiPath(request.url) && !reply.hasHeader('etag') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  await serveWebApp(app, config.webDistDir);
  return app;
}

function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  // /chat is the seed's chat call; /chatbot is a page of the web app.
  return (
    path.startsWith('/api/') || path === '/api' || path === '/chat' || path.startsWith('/chat/')
  );
}

function tileOrigin(template: string): string | undefined {
  try {
    return new URL(template.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return undefined;
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and any
 * other GET that accepts HTML answered with index.html so client-side routes survive a reload;
 * public pages with their HTML rendered at build time in the reader's language (decision 0031).
 */
async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const prerendered = loadPrerenderedPages(distDir, CSRF_COOKIE);
  const shell = loadAppShell(distDir, CSRF_COOKIE);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/scripts/compress.mjs).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasWebApp) {
      // Public pages come as HTML in the reader's language, so they paint before any script.
      const page = prerendered.fileFor(
        request.url,
        request.cookies,
        request.headers['accept-language'],
      );
      if (page) reply.header('content-language', page.language);
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language');
      // Signed-in pages: the shell starts what the page needs before any script (decision 0047).
      // Its first frame, painted from the HTML, shows the reader's name (decision 0050).
      const signedIn = page
        ? null
        : shell.htmlFor(
            request.url,
            request.cookies,
            request.headers['accept-language'],
            shell.paints(request.url) ? await sessionUser(app.database.db, request.cookies) : null,
          );
      if (signedIn) {
        reply.header('etag', signedIn.etag);
        if (noneMatch(request.headers['if-none-match'], signedIn.etag)) {
          return reply.code(304).send();
        }
        return reply.type('text/html; charset=utf-8').send(signedIn.html);
      }
      return reply.type('text/html').sendFile(page?.file ?? 'index.html');
    }
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build`, then reload.');
    }
    return reply.code(404).send(new AppError('NOT_FOUND').toBody());
  });
}
