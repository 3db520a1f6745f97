import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { hashApiKey } from '../apps/server/src/modules/keys/key-crypto.ts';
import {
  type KeyIdentity,
  LIVE_WORKSPACE_JOIN,
  LIVE_WORKSPACE_WHERE,
} from '../apps/server/src/modules/provider/authenticate-key.ts';
import { createCharger } from '../apps/server/src/modules/provider/charger.ts';
import { autocannonLoad } from './autocannon-load.ts';
import {
  BENCH_SESSION_SECRET,
  benchIdentity,
  createBenchAccount,
  createBenchAccounts,
} from './bench-account.ts';
import { benchDatabase } from './bench-database.ts';
import {
  type CpuParts,
  cpuText,
  loadRunTable,
  postgresServerOf,
  startCpuMeter,
  thisProcess,
} from './cpu-meter.ts';
import {
  directCall,
  FAKE_KIE_HMAC,
  FAKE_KIE_KEY,
  FAKE_KIE_PER_SECOND,
  gatewayCall,
  type LoopResult,
  runLoops,
  startCallbackReceiver,
} from './gateway-overhead.ts';
import { markdownTable, publishResults } from './readme-section.ts';
import { startChild, stopChild, waitFor } from './server-child.ts';
import { prepareBenchSchema, printStatementStats, printWaits } from './statement-stats.ts';

/**
 * The paid API's speed, in one run on one machine: (a) a bare Fastify route, (b) the gateway's
 * database work alone from a plain pg client, (c) a paid async video call through the whole
 * gateway, (d) a sync image call with the local engine. Writes bench/results.json and the table
 * in bench/README.md. Targets: (c) >= 2,000 req/s with p99 < 25 ms at 64 connections; c/b >= 0.7.
 */
const _ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
const IMAGE_CONNECTIONS = 4;
const log = pino({ level: 'warn' });
/** `BENCH_ONLY=d,f` runs only those runs and prints them, writing no results (for trying a change). */
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (run: string) => !ONLY || ONLY.includes(run);

/** A child's process, while it runs. */
const pidOf = (child: ChildProcess) => () => (child.pid === undefined ? [] : [child.pid]);
/** The processes of a run through a server child: it, PostgreSQL and the load generator. */
const serverParts = (server: ChildProcess): CpuParts => ({
  server: pidOf(server),
  postgres: postgresPids(),
  load: thisProcess,
});

async function load(
  name: string,
  options: autocannon.Options,
  parts: CpuParts,
  connections = CONNECTIONS,
): Promise<LoopResult> {
  return {
    name,
    ...(await autocannonLoad(options, { connections, durationS: DURATION_S, warmupS: WARMUP_S }, parts)),
  };
}

/**
 * (b): the gateway's database work without HTTP: the key lookup, then the debit + ledger entry +
 * task row through the same charger the gateway uses (concurrent calls of one account coalesced
 * into one statement), 64 at a time from a plain pg pool.
 */
async function loadDatabaseWork(url: string, keyHash: string, identity: KeyIdentity): Promise<LoopResult> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => {});
  const charger = createCharger(pool);
  const latencies: number[] = [];
  const once = async () => {
    const started = performance.now();
    await pool.query(
      `select k.id, k.name, k.permissions, w.id as workspace_id, w.kind, w.name, w.tier from api_keys k ${LIVE_WORKSPACE_JOIN}
        where k.key_hash = $1 and k.deleted_at is null and ${LIVE_WORKSPACE_WHERE}`,
      [keyHash],
    );
    await charger.charge({
      ip: '127.0.0.1',
      identity,
      service: 'video',
      cost: 10,
      engine: { name: 'local', isDevelopmentEngine: true },
      at: new Date(),
      request: { prompt: 'bench' },
      deadlineAt: new Date(Date.now() + 1_800_000),
    });
    return performance.now() - started;
  };
  const run = async (seconds: number, record: boolean) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const ms = await once();
          if (record) latencies.push(ms);
        }
      }),
    );
  };
  await run(WARMUP_S, false);
  const meter = startCpuMeter({ postgres: postgresPids(), load: thisProcess });
  await run(DURATION_S, true);
  const cpuMsPerCall = meter.perCall(latencies.length);
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? 0) * 100) / 100;
  return {
    name: '(b) database work alone, plain pg',
    requestsPerSecond: Math.round(latencies.length / DURATION_S),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors: 0,
    non2xx: 0,
    cpuMsPerCall,
  };
}

const database = await benchDatabase('api', log);
const { dataDir } = database;
/** The bench's own PostgreSQL (the embedded server's processes), not the machine's others. */
const postgresPids = () => postgresServerOf(path.join(dataDir, 'embedded', 'pg', 'postmaster.pid'));
const children: ChildProcess[] = [];
try {
  const { user, key } = await createBenchAccount(database.url);
  const manyKeys100 = wanted('e') ? await createBenchAccounts(database.url, 100, 'a100') : [];
  const manyKeys10k = wanted('e') ? await createBenchAccounts(database.url, 10_000, 'a10k') : [];
  await settleDatabase(database.url);
  await prepareBenchSchema(database.url);

  const a = wanted('a') ? await loadBare() : undefined;
  const b = !wanted('b')
    ? undefined
    : await loadDatabaseWork(database.url, hashApiKey(key.keyValue), benchIdentity({ user, key }));

  // An API-only process: it creates tasks and answers; workers would run them (none here).
  const server = startChild('apps/server/src/main.ts', {
    PORT: '3402',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    NODE_ENV: 'production',
    PROVIDER_ENGINE: 'local',
    PUBLIC_URL: 'http://127.0.0.1:3402',
    ROLE: 'api',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
  });
  children.push(server);
  await waitFor('http://127.0.0.1:3402/readyz');
  const paid = {
    method: 'POST' as const,
    headers: { 'x-api-key': key.keyValue, 'content-type': 'application/json' },
  };
  const videoCall = {
    ...paid,
    url: 'http://127.0.0.1:3402/api/provider/video',
    body: JSON.stringify({ prompt: 'a lighthouse at dusk', model: 'fast' }),
  };
  const waits = wanted('c')
    ? printWaits(database.url, WARMUP_S + 1, DURATION_S - 2, "PostgreSQL's connections during (c)")
    : undefined;
  const c = !wanted('c')
    ? undefined
    : await load('(c) paid async video call, whole gateway', videoCall, serverParts(server));
  await waits;
  await printStatementStats(database.url, "PostgreSQL's statements up to the end of (c)");
  // The same call from many accounts, each request with the next account's key: the gateway's
  // batching must hold when calls of one account rarely meet, and with 10,000 keys the key cache
  // is not what keeps it fast.
  const spread = async (name: string, keys: string[]) => {
    let next = 0;
    return load(
      name,
      {
        ...videoCall,
        requests: [
          {
            setupRequest: (request) => {
              next = (next + 1) % keys.length;
              return { ...request, headers: { ...request.headers, 'x-api-key': keys[next] as string } };
            },
          },
        ],
      },
      serverParts(server),
    );
  };
  const e100 = !wanted('e')
    ? undefined
    : await spread('(e) the same call spread over 100 accounts', manyKeys100);
  const e10k = !wanted('e')
    ? undefined
    : await spread('(e) the same call spread over 10,000 accounts', manyKeys10k);
  // Each answer waits for a 1024x1024 PNG drawn on the render thread: CPU-bound, so measured at
  // a few connections (64 would only queue behind one another).
  const d = !wanted('d')
    ? undefined
    : await load(
        `(d) sync image call, local engine (${IMAGE_CONNECTIONS} connections)`,
        {
          ...paid,
          url: 'http://127.0.0.1:3402/api/provider/image',
          body: JSON.stringify({ prompt: 'a lighthouse at dusk', image_size: '1:1' }),
        },
        serverParts(server),
        IMAGE_CONNECTIONS,
      );
  await printStatementStats(database.url, "PostgreSQL's statements in (e) and (d)");
  await stopChild(server);

  // (f): a sync image call through the kie engine against a fake kie.ai that finishes every task
  // 200 ms after it is created, and the same work done straight against the fake.
  const f = wanted('f') ? await loadGatewayOverhead(dataDir, key.keyValue) : undefined;
  const measured = [a, b, c, d, e100, e10k, ...(f ? Object.values(f) : [])];
  if (!(a && b && c && d && e100 && e10k && f)) {
    console.table(
      measured.flatMap((r) =>
        r ? [{ ...r, cpuMsPerCall: cpuText(r.cpuMsPerCall), gatewayOverLoad: gatewayOverLoad(r) }] : [],
      ),
    );
  } else {
    await writeResults(a, b, c, d, e100, e10k, f);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const child of children) await stopChild(child).catch(() => {});
  await database.stop();
}

/**
 * Vacuums, analyzes and checkpoints the freshly seeded database, so that autovacuum and the
 * checkpointer do not run over the 10,100 accounts just written during the measured runs (their
 * CPU had counted as the calls' PostgreSQL time). Skipped where the role may not (a DATABASE_URL
 * server of someone else's).
 */
async function settleDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
    await client.query('checkpoint').catch(() => {});
  } finally {
    await client.end();
  }
}

async function loadBare(): Promise<LoopResult> {
  const bare = startChild('bench/bare-server.ts', { PORT: '3401' });
  children.push(bare);
  await waitFor('http://127.0.0.1:3401/bare', 'POST');
  const a = await load(
    '(a) bare Fastify route',
    { url: 'http://127.0.0.1:3401/bare', method: 'POST' },
    { server: pidOf(bare), load: thisProcess },
  );
  await stopChild(bare);
  return a;
}

/** (f)'s four runs: direct and through the gateway, at 64 calls in flight and at 1 (no queueing). */
interface GatewayOverhead {
  direct: LoopResult;
  gateway: LoopResult;
  directAlone: LoopResult;
  gatewayAlone: LoopResult;
}

async function loadGatewayOverhead(dataDir: string, keyValue: string): Promise<GatewayOverhead> {
  const fake = startChild('bench/fake-kie-timed.ts', {
    PORT: '3411',
    DELAY_MS: '200',
    PER_SECOND: String(FAKE_KIE_PER_SECOND),
    KIE_API_KEY: FAKE_KIE_KEY,
    KIE_WEBHOOK_HMAC_KEY: FAKE_KIE_HMAC,
  });
  children.push(fake);
  const receiver = await startCallbackReceiver(3412);
  const loops = { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S };
  /** The same calls at CONNECTIONS in flight, then one at a time. */
  const loadedAndAlone = async (names: [string, string], once: () => Promise<void>, parts: CpuParts) =>
    [
      await runLoops(names[0], once, loops, parts),
      await runLoops(names[1], once, { ...loops, connections: 1 }, parts),
    ] as const;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [direct, directAlone] = await loadedAndAlone(
    [
      '(f) the same work straight to a fake kie.ai (200 ms tasks)',
      '(f) straight to the fake, 1 call in flight',
    ],
    directCall('http://127.0.0.1:3411', receiver),
    { fake: pidOf(fake), load: thisProcess },
  );
  await receiver.close();
  const kieServer = startChild('apps/server/src/main.ts', {
    PORT: '3403',
    DATA_DIR: path.join(dataDir, 'kie'),
    DATABASE_URL: database.url,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    NODE_ENV: 'production',
    PROVIDER_ENGINE: 'kie',
    KIE_API_KEY: FAKE_KIE_KEY,
    KIE_BASE_URL: 'http://127.0.0.1:3411',
    KIE_WEBHOOK_HMAC_KEY: FAKE_KIE_HMAC,
    // Paced to the fake's capacity, not kie.ai's 20 creates per 10 s (fake-kie-timed.ts), with the
    // same margin as the default poll pace (a 1 s limit over 1,100 ms): (f) measures the gateway.
    KIE_CREATES_PER_WINDOW: String(FAKE_KIE_PER_SECOND),
    KIE_CREATE_WINDOW_MS: '1100',
    KIE_POLLS_PER_WINDOW: String(FAKE_KIE_PER_SECOND),
    KIE_POLL_WINDOW_MS: '1100',
    PUBLIC_URL: 'http://127.0.0.1:3403',
    ROLE: 'api',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
  });
  children.push(kieServer);
  await waitFor('http://127.0.0.1:3403/readyz');
  const [gateway, gatewayAlone] = await loadedAndAlone(
    ['(f) sync image call through the gateway, kie engine', '(f) through the gateway, 1 call in flight'],
    gatewayCall('http://127.0.0.1:3403', keyValue),
    { ...serverParts(kieServer), fake: pidOf(fake) },
  );
  await stopChild(kieServer);
  await stopChild(fake);
  return { direct, gateway, directAlone, gatewayAlone };
}

/**
 * The server's and PostgreSQL's CPU a call over the load generator's in the same run. The load
 * generator does the same work a call in every build, so this measures the gateway against the
 * machine's speed of those seconds: steadier than req/s ratios on a machine whose speed swings by
 * half within minutes. Null where /proc could not say. Measured:
 * bench/README.md, "Paid API (autocannon, 64 connections)".
 */
function gatewayOverLoad(run: LoopResult): number | null {
  const { server, postgres, load } = run.cpuMsPerCall;
  if (server == null || postgres == null || !load) return null;
  return Math.round(((server + postgres) / load) * 100) / 100;
}

async function writeResults(
  a: LoopResult,
  b: LoopResult,
  c: LoopResult,
  d: LoopResult,
  e100: LoopResult,
  e10k: LoopResult,
  f: GatewayOverhead,
) {
  const added = (gateway: LoopResult, direct: LoopResult, pick: (r: LoopResult) => number) =>
    Math.round((pick(gateway) - pick(direct)) * 10) / 10;

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    connections: CONNECTIONS,
    durationS: DURATION_S,
    results: [a, b, c, d, e100, e10k, f.direct, f.gateway, f.directAlone, f.gatewayAlone],
    ratios: {
      cOverA: Math.round((c.requestsPerSecond / a.requestsPerSecond) * 100) / 100,
      cOverB: Math.round((c.requestsPerSecond / b.requestsPerSecond) * 100) / 100,
      e100OverC: Math.round((e100.requestsPerSecond / c.requestsPerSecond) * 100) / 100,
      cGatewayOverLoad: gatewayOverLoad(c),
      fAddedP50Ms: added(f.gateway, f.direct, (r) => r.p50Ms),
      fAddedP99Ms: added(f.gateway, f.direct, (r) => r.p99Ms),
      // Not targets: what one call pays with nothing queued ahead of it.
      fAloneAddedP50Ms: added(f.gatewayAlone, f.directAlone, (r) => r.p50Ms),
      fAloneAddedP99Ms: added(f.gatewayAlone, f.directAlone, (r) => r.p99Ms),
    },
    targets: {
      cRequestsPerSecond: 2000,
      cP99Ms: 25,
      cOverB: 0.7,
      e100OverC: 0.8,
      e100P99Ms: 15,
      e10kRequestsPerSecond: 2000,
      fAddedP50Ms: 2,
      fAddedP99Ms: 10,
    },
  };
  const table = markdownTable(
    ...loadRunTable(results.results),
    `c/a = ${results.ratios.cOverA}, c/b = ${results.ratios.cOverB}, (c) gateway CPU / load CPU = ${results.ratios.cGatewayOverLoad}, e(100)/c = ${results.ratios.e100OverC}, (f) added p50 ${results.ratios.fAddedP50Ms} ms, p99 ${results.ratios.fAddedP99Ms} ms (1 in flight: ${results.ratios.fAloneAddedP50Ms}, ${results.ratios.fAloneAddedP99Ms}) (${results.machine.cpus} CPUs, Node ${results.machine.node}, ${CONNECTIONS} connections, ${DURATION_S} s, ${results.date.slice(0, 10)})`,
  );
  await publishResults('results.json', 'api-bench', results, table);
}
