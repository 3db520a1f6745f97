import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { autocannonLoad, type LoadNumbers } from './autocannon-load.ts';
import { BENCH_SESSION_SECRET, createBenchAccount } from './bench-account.ts';
import { benchDatabase } from './bench-database.ts';
import { cpuText, postgresPids, thisProcess, withDescendants } from './cpu-meter.ts';
import { markdownTable, publishResults } from './readme-section.ts';

/**
 * The paid async video call (`POST /api/provider/video`, the bench/api.ts run (c)) through 1, 2
 * and 4 API processes of `npm run cluster` behind one port, on PostgreSQL (DATABASE_URL, else an
 * embedded one started here) and Redis (REDIS_URL; without it each process counts rate limits
 * alone). The API processes run ROLE=api with no worker, as in bench/api.ts: the answer comes
 * before any upstream work. Writes bench/cluster-results.json and the table in bench/README.md.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
const PROCESS_COUNTS = (process.env.BENCH_PROCESSES ?? '1,2,4').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3530);
const log = pino({ level: 'warn' });

type Run = LoadNumbers & { processes: number };

async function waitForProcesses(cluster: ChildProcess, output: () => string, count: number) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (cluster.exitCode !== null) throw new Error(`cluster exited: ${output()}`);
    const listening = output().match(/api \d+ \(pid \d+, api\) listening/g)?.length ?? 0;
    if (listening >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`cluster not ready: ${output()}`);
}

async function runWith(processes: number, env: Record<string, string>, key: string): Promise<Run> {
  const cluster = spawn(process.execPath, [path.join(ROOT, 'scripts/cluster.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      CLUSTER_API_PROCESSES: String(processes),
      CLUSTER_WORKERS: '0',
      ROLE: 'api',
      PORT: String(PORT),
      CLUSTER_METRICS_PORT: String(PORT + 1),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  cluster.stdout?.on('data', (chunk) => (output += chunk));
  try {
    await waitForProcesses(cluster, () => output, processes);
    const options: autocannon.Options = {
      url: `http://127.0.0.1:${PORT}/api/provider/video`,
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a lighthouse at dusk', model: 'fast' }),
    };
    const load = { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S };
    const parts = {
      server: withDescendants(cluster.pid),
      postgres: postgresPids,
      load: thisProcess,
    };
    return { processes, ...(await autocannonLoad(options, load, parts)) };
  } finally {
    if (cluster.exitCode === null) {
      cluster.kill('SIGTERM');
      await once(cluster, 'exit');
    }
  }
}

const server = await benchDatabase('cluster', log);
const { dataDir } = server;
// A database of this run's own on the server, dropped at the end.
const databaseName = `conduit_bench_cluster_${Date.now()}`;
const adminUrl = new URL(server.url);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`create database "${databaseName}"`);
const databaseUrl = new URL(server.url);
databaseUrl.pathname = `/${databaseName}`;
try {
  const { key } = await createBenchAccount(databaseUrl.toString());

  const env = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? '',
    REDIS_PREFIX: `bench:cluster:${Date.now()}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    NODE_ENV: 'production',
    PROVIDER_ENGINE: 'local',
    LOG_LEVEL: 'warn',
  };
  const runs: Run[] = [];
  for (const processes of PROCESS_COUNTS) {
    const run = await runWith(processes, env, key.keyValue);
    console.log(`${processes} API process(es): ${run.requestsPerSecond} req/s, p99 ${run.p99Ms} ms`);
    runs.push(run);
  }
  const base = runs[0]?.requestsPerSecond ?? 0;
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    redis: Boolean(process.env.REDIS_URL),
    connections: CONNECTIONS,
    durationS: DURATION_S,
    runs: runs.map((run) => ({
      ...run,
      scaling: base > 0 ? Math.round((run.requestsPerSecond / base) * 100) / 100 : 0,
    })),
  };
  const table = markdownTable(
    ['API processes', 'req/s', 'p50 ms', 'p99 ms', 'scaling vs 1', 'errors', 'non-2xx', 'CPU ms per call'],
    results.runs.map((r) => [
      r.processes,
      r.requestsPerSecond,
      r.p50Ms,
      r.p99Ms,
      r.scaling,
      r.errors,
      r.non2xx,
      cpuText(r.cpuMsPerCall),
    ]),
    `${results.machine.cpus} CPUs, Node ${results.machine.node}, ${CONNECTIONS} connections, ${DURATION_S} s, Redis ${results.redis ? 'on' : 'off'}, ${results.date.slice(0, 10)}`,
    0,
  );
  await publishResults('cluster-results.json', 'cluster-bench', results, table);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await admin.query(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
  await admin.end();
  await server.stop();
}
