# syntax=docker/dockerfile:1
# The app as a container: Next's standalone server (`npm run build`), the same server the e2e
# suite runs. Build: docker build -t workflow-requests .   Run: see README, "Running in production".

# ---------------------------------------------------------------- dependencies
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Exactly the lock file, as .ci/run installs it.
RUN npm ci --no-audit --no-fund

# ---------------------------------------------------------------- build
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# ---------------------------------------------------------------- runtime: only the standalone output
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
# server.js with its traced node_modules, .next/static and public/ (copied beside it by the build).
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
# Liveness: the process answers (no upstream call). Readiness is /api/ready, for the orchestrator.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and receives SIGTERM itself: the app drains (SHUTDOWN_GRACE_MS) and exits 0.
# server.js is Next's own, as `next build` makes it.
CMD ["node", "server.js"]
