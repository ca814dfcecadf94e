import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OPEN_DATA_LICENCE,
  publicBadgeQuerySchema,
  publicImpactCsvQuerySchema,
  publicImpactQuerySchema,
  publicImpactSchema,
  publicOrgCardSchema,
  publicSlugParamsSchema,
  type PublicImpact,
} from '@annasetu/domain';
import { AppError } from '../../lib/errors.js';
import { renderBadge } from './badge.js';
import { impactCsv } from './public.csv.js';
import { etagFor, matchesEtag, publicImpact, publicOrgCard } from './public.service.js';
import { mediaAnswer } from '../../lib/openapi.js';

/** How long browsers and proxies may keep a public answer without asking again. */
const MAX_AGE_SECONDS = 300;
/**
 * An organisation's card is checked on every use (a 304 costs one indexed read): switching it
 * off must remove it at once, from caches too.
 */
const ORG_CACHE = 'public, no-cache';
const notModified = z.null().describe('The ETag sent in If-None-Match is still current');
const LICENCE_LINK = `<${OPEN_DATA_LICENCE.url}>; rel="license"`;

/**
 * What an ETag of the figures covers: everything but the instants the range was read at (the
 * start moves with the clock; the figures change only when the data does).
 */
function validated(figures: PublicImpact) {
  const { generatedAt: _readAt, since: _start, ...content } = figures;
  return content;
}

/**
 * Marks a public answer cacheable: Cache-Control, an ETag over its content (not the instant it
 * was read); true when the client already holds it (the caller answers 304). Anyone may read it
 * from any site (CORS, and cross-origin embedding for the badge).
 */
function alreadyHeld(
  request: FastifyRequest,
  reply: FastifyReply,
  content: unknown,
  cacheControl = `public, max-age=${MAX_AGE_SECONDS}`,
): boolean {
  const etag = etagFor(content);
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('vary', 'Accept-Encoding');
  return matchesEtag(request.headers['if-none-match'], etag);
}

/**
 * Public figures and open data, and organisations' opt-in impact cards: no sign-in, rate limited
 * per address (one window for all of them), nothing personal in any answer (decision 0033).
 */
const publicRoutes: FastifyPluginAsyncZod<{ perMinute: number }> = async (app, options) => {
  const config = {
    access: 'public' as const,
    rateLimit: { max: options.perMinute, timeWindow: 60_000, groupId: 'public' },
  };

  app.get(
    '/impact',
    {
      config,
      schema: {
        tags: ['public'],
        summary: 'Platform impact figures for a range (open data, CC BY 4.0; no sign-in)',
        description:
          'Totals count donations completed as good food in the range (by completion time), the ' +
          'same figures as the signed-in platform statistics; trends are those completions per ' +
          'UTC week (from Monday) and month; cells count completed rescues by the 0.05-degree ' +
          'grid cell of their pickup point, give only the cell centre, and leave out cells with ' +
          'fewer than 5; cuisines are the top 8 of donations posted in the range ("Other" left ' +
          'out); quality counts collections by recorded quality and badFoodTo where food unfit ' +
          'for people went. Cacheable for 5 minutes with an ETag (If-None-Match gives 304). ' +
          `Licence: ${OPEN_DATA_LICENCE.name} (${OPEN_DATA_LICENCE.url}), also in the Link header.`,
        querystring: publicImpactQuerySchema,
        response: { 200: publicImpactSchema, 304: notModified },
      },
    },
    async (request, reply) => {
      const figures = await publicImpact(app.database.db, request.query.range);
      reply.header('link', LICENCE_LINK);
      if (alreadyHeld(request, reply, validated(figures))) return reply.code(304).send(null);
      return figures;
    },
  );

  app.get(
    '/impact.csv',
    {
      config,
      schema: {
        tags: ['public'],
        summary: 'The public impact figures as CSV, one table at a time (open data, CC BY 4.0)',
        description:
          'text/csv; charset=utf-8 with a header row. Tables and their columns: ' +
          'totals (range, since, meals, kg, co2Kg, completedDonations, restaurant, individual, ' +
          'mess, foodbank, nursery, poultry, volunteer); weekly and monthly (start, meals, kg, ' +
          'co2Kg, completedDonations); cells (lat, lng, sizeKm, rescues); cuisines (cuisine, ' +
          'donations); quality (quality, destinationType, collections). Same definitions, ' +
          'caching and licence as GET /api/public/impact.',
        querystring: publicImpactCsvQuerySchema,
        response: { 200: mediaAnswer('text/csv', 'One table as CSV'), 304: notModified },
      },
    },
    async (request, reply) => {
      const { range, table } = request.query;
      const figures = await publicImpact(app.database.db, range);
      const csv = impactCsv(figures, table);
      reply.header('link', LICENCE_LINK);
      if (alreadyHeld(request, reply, { table, figures: validated(figures) }))
        return reply.code(304).send(null);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="annasetu-impact-${table}-${range}.csv"`,
        )
        .send(csv);
    },
  );

  app.get(
    '/orgs/:slug',
    {
      config,
      schema: {
        tags: ['public'],
        summary: "An organisation's public impact card (only while it has switched it on)",
        params: publicSlugParamsSchema,
        response: { 200: publicOrgCardSchema, 304: notModified },
      },
    },
    async (request, reply) => {
      const card = await publicOrgCard(app.database.db, request.params.slug);
      if (!card) throw new AppError('NOT_FOUND');
      if (alreadyHeld(request, reply, card, ORG_CACHE)) return reply.code(304).send(null);
      return card;
    },
  );

  app.get(
    '/orgs/:slug/badge.svg',
    {
      config,
      schema: {
        tags: ['public'],
        summary: "An organisation's impact badge (SVG) in the language of ?lang= (default en)",
        params: publicSlugParamsSchema,
        querystring: publicBadgeQuerySchema,
        response: { 200: mediaAnswer('image/svg+xml', 'The badge'), 304: notModified },
      },
    },
    async (request, reply) => {
      const card = await publicOrgCard(app.database.db, request.params.slug);
      if (!card) throw new AppError('NOT_FOUND');
      const svg = renderBadge(card, request.query.lang);
      if (alreadyHeld(request, reply, svg, ORG_CACHE)) return reply.code(304).send(null);
      return (
        reply
          .type('image/svg+xml; charset=utf-8')
          // An image: nothing in it may run, even when opened on its own.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg)
      );
    },
  );
};

export default publicRoutes;
