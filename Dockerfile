# syntax=docker/dockerfile:1
# AnnaSetu: one image serving the API and the built web app on one port.
#   docker build -t annasetu .
#   docker run -p 3000:3000 -v annasetu-data:/data annasetu                 (embedded database)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... annasetu        (PostgreSQL)
# deploy/compose.yaml runs PostgreSQL, two instances and nginx. See docs/operations.md.

ARG NODE_VERSION=24

# 1. Build the web app (Vite) and the server (esbuild). Needs every workspace's dev dependencies.
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
# The server, compiled into one module (decision 0074); its data files stay in apps/server/src.
COPY apps/server apps/server
RUN npm run build -w @annasetu/server

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

# 3. Runtime: the compiled server, as `npm start` runs it (decision 0074); the command-line
#    tools (migrate, admin) still run their TypeScript through tsx (decision 0001).
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
COPY --from=web /src/apps/server/dist apps/server/dist
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
# PUBLIC_URL is required here: password-reset and notification mails link to it.
CMD ["sh", "-c", "if [ -z \"$PUBLIC_URL\" ]; then echo 'Invalid configuration:\n  - PUBLIC_URL: required in the container (the address users reach, e.g. https://annasetu.example)' >&2; exit 78; fi; exec node --enable-source-maps apps/server/dist/server.mjs"]
