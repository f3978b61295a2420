# syntax=docker/dockerfile:1
# 教务系统 in one Node container: Next.js pages, the backend-for-frontend, the websockets and the embedded
# backend, all started by server.ts (docs/deploy.md, "Container").
#
# No Next.js standalone output: it cannot be used with a custom server (server.ts runs Next inside its own
# http server and is run by tsx). The runtime stage instead copies exactly the files server.ts needs: the
# built .next (caches removed), public/, the server sources it imports and the production dependencies.
# scripts/runtime-smoke.sh reads the `COPY --from=build` lines, the `rm -rf` after `next build` and the CMD
# below, assembles the same folder from a checkout's build and starts it: a file missing here fails CI.

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Every dependency, from the lockfile (complete for every platform, so `npm ci` passes on any).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# postinstall runs patch-package.
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# 2. The production build (type-checked), then what the runtime does not need is removed from .next.
FROM deps AS build
ARG NEXT_PUBLIC_API_PREFIX=/jeecg-boot
ENV NEXT_PUBLIC_API_PREFIX=${NEXT_PUBLIC_API_PREFIX}
COPY . .
RUN npx next build && rm -rf .next/cache .next/dev .next/diagnostics .next/trace .next/trace-build .next/types

# 3. Production dependencies only. tsx (which runs server.ts), next, pg, PGlite and the rest of what the
#    server loads are `dependencies`; devDependencies (jest, eslint, typescript, @types) stay behind.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 4. Runtime: the node image's non-root `node` user (uid 1000). App files are root-owned and read-only to it;
#    it writes only DATA_DIR and Next's .next cache.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# Set at `docker run` (README "Configuration", docs/deploy.md), never baked in:
#   DATABASE_URL      PostgreSQL 15+; unset = the embedded database in DATA_DIR/pglite
#   SESSION_SECRET    >= 32 random characters, the same on every instance (required with DATABASE_URL)
#   SEED_DEMO=false   with DATABASE_URL (a production start refuses the demo accounts)
#   LEGACY_API_URL    proxy to an external JeecgBoot server instead of the embedded backend
#   CAS_URL, APP_URL  single sign-on and the public URL it returns to
#   TRUST_PROXY=1     behind a load balancer you run; METRICS_TOKEN turns on /metrics; LOG_LEVEL
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/next.config.ts ./next.config.ts
COPY --from=build /app/tsconfig.json ./tsconfig.json
COPY --from=build /app/server.ts ./server.ts
COPY --from=build /app/server ./server
COPY --from=build /app/lib ./lib
COPY --from=build /app/features ./features
COPY --from=build /app/public ./public
# `npm run backup` / `npm run restore` in a one-off container on the same volume (docs/deploy.md).
COPY --from=build /app/scripts/backup.ts ./scripts/backup.ts
COPY --from=build /app/scripts/restore.ts ./scripts/restore.ts
COPY --from=build --chown=node:node /app/.next ./.next
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness only (/readyz is for the load balancer). Slim images have no curl: Node's fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm or npx wrapper), so SIGTERM from `docker stop` reaches server.ts's drain.
CMD ["node", "--import", "tsx", "server.ts"]
