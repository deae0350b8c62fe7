# Tidings in a container: built with the dev dependencies (tsc, Vite), run with the production ones
# only, as the unprivileged `node` user, on the Node.js version CI runs (.ci/run).
#   docker build -t tidings .
#   docker run -p 3000:3000 -v tidings-data:/data tidings
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The typed client is a workspace: the dashboard takes the API's types from it. So is the batch CSV
# reader, which the CLI and the dashboard share (built below into packages/batch-csv/dist).
COPY clients/typescript ./clients/typescript
COPY packages/batch-csv ./packages/batch-csv
# --ignore-scripts: the `prepare` build runs below, once the sources are in.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY dashboard ./dashboard
RUN node scripts/build.mjs

FROM node:${NODE_VERSION}-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/batch-csv/package.json ./packages/batch-csv/
# better-sqlite3 ships prebuilt binaries, so no install script (and no compiler) is needed.
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# node_modules/@tidings/batch-csv links here: the built CLI imports its dist/.
COPY --from=build /app/packages/batch-csv/package.json ./packages/batch-csv/
COPY --from=build /app/packages/batch-csv/dist ./packages/batch-csv/dist
COPY package.json ./
COPY bin ./bin
# `tidings …` (the admin CLI) on the PATH: docker exec … tidings keys create …
RUN ln -s /app/bin/tidings.js /usr/local/bin/tidings \
 && mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness; orchestrators that route traffic should probe /health/ready (503 while draining).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM starts the graceful shutdown: give it SHUTDOWN_TIMEOUT_MS + 2 s (docker stop -t 15).
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
