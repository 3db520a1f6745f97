import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { autocannonLoad } from './autocannon-load.ts';
import { BENCH_SESSION_SECRET, createBenchAccount } from './bench-account.ts';
import { benchDatabase } from './bench-database.ts';
import { loadRunTable, postgresPids, thisProcess } from './cpu-meter.ts';
import type { LoopResult } from './gateway-overhead.ts';
import { markdownTable, publishResults } from './readme-section.ts';
import { startChild, stopChild, waitFor } from './server-child.ts';
import { median } from './stats.ts';

/**
 * The request log's cost on the paid call: bench/api.ts's (c), `POST /api/provider/video` through
 * the whole gateway at 64 connections, with REQUEST_LOG=on against REQUEST_LOG=off, in one run on
 * one database. The two alternate, ROUNDS times each, so a machine that gets busier during the
 * run (or a database that grows) weighs on both alike; the medians are compared. Target: on within
 * 10% of off, in req/s and in CPU per call. Writes bench/request-log-results.json and its README table.
 */
const _ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = 2;
const PORT = 3412;
const log = pino({ level: 'warn' });

const totalCpu = (run: LoopResult) =>
  Object.entries(run.cpuMsPerCall).reduce((sum, [part, ms]) => (part === 'load' ? sum : sum + (ms ?? 0)), 0);

const database = await benchDatabase('log', log);
const { dataDir } = database;
try {
  const { key } = await createBenchAccount(database.url);
  const runs: Record<'on' | 'off', LoopResult[]> = { on: [], off: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const mode of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      // An API-only process, as in (c): it creates tasks and answers; no worker runs them.
      const server = startChild('apps/server/src/main.ts', {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SESSION_SECRET: BENCH_SESSION_SECRET,
        NODE_ENV: 'production',
        PROVIDER_ENGINE: 'local',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        ROLE: 'api',
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
        REQUEST_LOG: mode,
      });
      try {
        await waitFor(`http://127.0.0.1:${PORT}/readyz`);
        const numbers = await autocannonLoad(
          {
            url: `http://127.0.0.1:${PORT}/api/provider/video`,
            method: 'POST',
            headers: { 'x-api-key': key.keyValue, 'content-type': 'application/json' },
            body: JSON.stringify({ prompt: 'a lighthouse at dusk', model: 'fast' }),
          },
          { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S },
          {
            server: () => (server.pid === undefined ? [] : [server.pid]),
            postgres: postgresPids,
            load: thisProcess,
          },
        );
        runs[mode].push({ name: `(c) request log ${mode}, round ${round + 1}`, ...numbers });
      } finally {
        await stopChild(server);
      }
    }
  }
  const summary = (mode: 'on' | 'off') => ({
    requestsPerSecond: median(runs[mode].map((run) => run.requestsPerSecond)),
    p99Ms: median(runs[mode].map((run) => run.p99Ms)),
    serverCpuMsPerCall: median(runs[mode].map((run) => run.cpuMsPerCall.server ?? 0)),
    postgresCpuMsPerCall: median(runs[mode].map((run) => run.cpuMsPerCall.postgres ?? 0)),
    cpuMsPerCall: Math.round(median(runs[mode].map(totalCpu)) * 1000) / 1000,
  });
  const on = summary('on');
  const off = summary('off');
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    connections: CONNECTIONS,
    durationS: DURATION_S,
    rounds: ROUNDS,
    runs: [...runs.off, ...runs.on],
    medians: { off, on },
    ratios: {
      requestsPerSecondOnOverOff: Math.round((on.requestsPerSecond / off.requestsPerSecond) * 1000) / 1000,
      cpuMsPerCallOnOverOff: Math.round((on.cpuMsPerCall / off.cpuMsPerCall) * 1000) / 1000,
    },
    targets: { requestsPerSecondOnOverOff: 0.9, cpuMsPerCallOnOverOff: 1.1 },
  };
  const table = markdownTable(
    ...loadRunTable(results.runs),
    `Medians: off ${off.requestsPerSecond} req/s, ${off.cpuMsPerCall} CPU ms per call (server + PostgreSQL); on ${on.requestsPerSecond} req/s, ${on.cpuMsPerCall} ms. on/off: req/s ${results.ratios.requestsPerSecondOnOverOff} (target >= 0.9), CPU ${results.ratios.cpuMsPerCallOnOverOff} (target <= 1.1) (${results.machine.cpus} CPUs, Node ${results.machine.node}, ${CONNECTIONS} connections, ${DURATION_S} s x ${ROUNDS} rounds, ${results.date.slice(0, 10)})`,
  );
  await publishResults('request-log-results.json', 'request-log-bench', results, table);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.stop();
}
