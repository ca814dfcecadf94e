# syntax=docker/dockerfile:1
# AnnaSetu: one image serving the API and the built web app on one port.
#   docker build -t annasetu .
#   docker run -p 3000:3000 -v annasetu-data:/data annasetu                 (embedded database)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... annasetu        (PostgreSQL)
# deploy/compose.yaml runs PostgreSQL, two instances and nginx. See docs/operations.md.

ARG NODE_VERSION=24

# 1. Build the web app (Vite). Needs every workspace's dev dependencies.
FROM node:${NODE_VERSION}-bookworm-slim AS web
WORKDIR /src
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build

# 2. The server's production dependencies only (no web, test or bench packages). sharp, argon2
#    and esbuild come as prebuilt binaries for linux-x64/arm64 glibc, which this image is.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev -w @annasetu/server -w @annasetu/domain && npm cache clean --force

# 3. Runtime: TypeScript runs through tsx (docs/decisions/0001), as with `npm start`.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_PRETTY=false
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.base.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/domain/src packages/domain/src
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/server/drizzle apps/server/drizzle
COPY apps/server/src apps/server/src
COPY scripts/backup.mjs scripts/restore.mjs scripts/
COPY --from=web /src/apps/web/dist apps/web/dist
# The embedded database, uploads and the mail outbox live in /data: mount a volume there.
# Runs as the image's unprivileged `node` user (uid 1000).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Stop gracefully: the server finishes requests and closes the database on SIGTERM.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
