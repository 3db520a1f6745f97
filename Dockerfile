# syntax=docker/dockerfile:1
# Conduit in one image: the same image runs API processes (ROLE=api), worker processes
# (ROLE=worker) or everything (ROLE=all, the default). See docs/operations.md.

# Build: every workspace's dependencies, then the web app (Vite).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: production dependencies, the server's TypeScript (Node 24 runs it natively, decision
# 0003), the contracts it imports and the built web app; as the unprivileged `node` user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contracts ./packages/contracts
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What `npm start` runs once the web app is built; node is PID 1 and handles SIGTERM itself
# (drain, finish in-flight requests, stop jobs), within SHUTDOWN_TIMEOUT_MS.
CMD ["node", "--max-semi-space-size=64", "apps/server/src/main.ts"]
