#!/usr/bin/env node
// `npm run cluster`: a small cluster on one machine. CLUSTER_API_PROCESSES API processes
// (ROLE=api) share PORT through Node's cluster module (the primary hands each new connection to
// the next process); CLUSTER_WORKERS worker processes (ROLE=worker) take tasks, webhooks and
// mail, each answering /readyz and /metrics on a port of its own. All of them use DATABASE_URL
// and REDIS_URL. The primary restarts a process that dies, passes SIGTERM/SIGINT on for a
// graceful stop, and serves every process's metrics, summed, on CLUSTER_METRICS_PORT.
// Run under Node >= 22.18 (scripts/with-node.mjs): it reads the server's own config parser.
// `--build` builds the web app first, as `npm start` does.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { AggregatorRegistry } from 'prom-client';
import { assertMayScrapeMetrics } from '../apps/server/src/modules/system/metrics-access.ts';
import { ConfigError, parseConfig } from '../apps/server/src/platform/config.ts';
import { readOrCreateSecret } from '../apps/server/src/platform/secrets.ts';
import { ROOT, SERVER_NODE_FLAGS } from './node-env.mjs';

const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
/** A process that dies this many times in a row before listening is broken, not unlucky. */
const MAX_FAILED_STARTS = 5;
const say = (line) => process.stdout.write(`[cluster] ${line}\n`);

function fail(line) {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function countOf(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    fail(`Invalid configuration: ${name} must be an integer of at least ${min} (got "${raw}")`);
  }
  return value;
}

let config;
try {
  config = parseConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const apiProcesses = countOf('CLUSTER_API_PROCESSES', 2, 1);
const workerProcesses = countOf('CLUSTER_WORKERS', 1, 0);
if (apiProcesses + workerProcesses > 1 && !config.DATABASE_URL) {
  fail(
    'npm run cluster needs DATABASE_URL: the embedded PostgreSQL serves one process only (or set CLUSTER_API_PROCESSES=1 CLUSTER_WORKERS=0)',
  );
}
if (apiProcesses > 1 && !config.REDIS_URL) {
  say('warning: without REDIS_URL each API process counts rate limits on its own');
}
const metricsPort = countOf('CLUSTER_METRICS_PORT', config.PORT + 1, 0);
const firstWorkerPort = countOf('CLUSTER_WORKER_PORT', config.PORT + 2, 0);
if (process.argv.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: ROOT });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Every process must read the same secret: create it once here rather than racing on first start.
if (!config.SESSION_SECRET) await readOrCreateSecret(config.DATA_DIR, 'session-secret');

/** One place in the cluster; a restarted process takes its predecessor's place. */
const slots = [
  ...Array.from({ length: apiProcesses }, (_, index) => ({
    name: `api ${index + 1}`,
    // Without worker processes here, the API processes run the background work too, unless
    // ROLE=api says workers run elsewhere.
    env: { ROLE: workerProcesses > 0 || config.ROLE === 'api' ? 'api' : 'all', PORT: String(config.PORT) },
  })),
  ...Array.from({ length: workerProcesses }, (_, index) => ({
    name: `worker ${index + 1}`,
    env: { ROLE: 'worker', PORT: String(firstWorkerPort + index) },
  })),
].map((slot) => ({ ...slot, worker: undefined, failedStarts: 0, hasListened: false }));

cluster.setupPrimary({ exec: MAIN, execArgv: SERVER_NODE_FLAGS });
let isStopping = false;
let exitCode = 0;

function start(slot) {
  slot.hasListened = false;
  slot.worker = cluster.fork(slot.env);
  slot.worker.on('listening', (address) => {
    slot.hasListened = true;
    slot.failedStarts = 0;
    say(`${slot.name} (pid ${slot.worker.process.pid}, ${slot.env.ROLE}) listening on port ${address.port}`);
  });
  slot.worker.on('exit', (code, signal) => {
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (isStopping) {
      if (code !== 0) exitCode = 1;
      say(`${slot.name} stopped (${how})`);
      slot.worker = undefined;
      if (slots.every((s) => !s.worker)) finish();
      return;
    }
    if (!slot.hasListened) slot.failedStarts += 1;
    if (slot.failedStarts >= MAX_FAILED_STARTS) {
      say(`${slot.name} failed to start ${MAX_FAILED_STARTS} times in a row; stopping the cluster`);
      exitCode = 1;
      stop('SIGTERM');
      return;
    }
    const delayMs = Math.min(30_000, 250 * 2 ** slot.failedStarts);
    say(`${slot.name} (pid ${slot.worker.process.pid}) exited (${how}); restarting in ${delayMs} ms`);
    slot.worker = undefined;
    setTimeout(() => {
      if (!isStopping) start(slot);
    }, delayMs);
  });
}

const aggregator = new AggregatorRegistry();
// The summed metrics are served on a port of their own; with METRICS_TOKEN they need it too.
const metricsServer = createServer((request, response) => {
  if (request.url !== '/metrics') {
    response.writeHead(404).end();
    return;
  }
  try {
    assertMayScrapeMetrics({ ...config, isProduction: false }, request.headers.authorization);
  } catch (error) {
    response.writeHead(401, { 'content-type': 'text/plain' }).end(error.message);
    return;
  }
  aggregator.clusterMetrics().then(
    (body) => response.writeHead(200, { 'content-type': aggregator.contentType }).end(body),
    (error) => response.writeHead(503, { 'content-type': 'text/plain' }).end(String(error)),
  );
});

function finish() {
  metricsServer.close();
  say(exitCode === 0 ? 'stopped cleanly' : 'stopped; a process did not exit cleanly');
  process.exit(exitCode);
}

function stop(signal) {
  if (isStopping) return;
  isStopping = true;
  say(`${signal}: stopping every process gracefully`);
  const running = slots.filter((slot) => slot.worker);
  if (running.length === 0) finish();
  for (const slot of running) slot.worker.process.kill('SIGTERM');
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));

metricsServer.listen(metricsPort, config.HOST, () =>
  say(`metrics of every process at http://${config.HOST}:${metricsServer.address().port}/metrics`),
);
say(`${apiProcesses} API process(es) on port ${config.PORT}, ${workerProcesses} worker process(es)`);
for (const slot of slots) start(slot);
