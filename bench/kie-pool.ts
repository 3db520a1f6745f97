import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { createEngine } from '../apps/server/src/modules/channels/create-engine.ts';
import { type Engine, UpstreamPaced } from '../apps/server/src/modules/engines/engine.ts';
import { parseConfig } from '../apps/server/src/platform/config.ts';
import { connectDatabase, migrateDatabase } from '../apps/server/src/platform/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { videoInput } from '../apps/server/test/engine-calls.ts';
import { type FakeKie, startFakeKie } from '../apps/server/test/fake-kie.ts';
import { markdownTable, publishResults } from './readme-section.ts';

/**
 * How many kie.ai creates a second the platform gets out of a pool of 1, 2 and 4 kie accounts
 * (docs/upstreams.md, "A pool of kie.ai accounts"). The fake kie.ai (apps/server/test/fake-kie.ts)
 * paces each key as kie documents: 20 new tasks per 10 s per account, HTTP 429 beyond, the task
 * dropped. PROCESSES engines, each as a server process builds it (channels/create-engine.ts: its
 * own connection pool, each account's pace in PostgreSQL, the accounts' states shared), take
 * creates from CREATORS_PER_ACCOUNT creators per account, always more than the pool can take;
 * a creator that is paced waits the answered time, as the task queue does. For DURATION_S
 * (three of our 11 s pace windows by default) each run counts the creates kie accepted, its 429s
 * (none may come: the pace keeps under kie's limit), each account's busiest 10 s, and how long a
 * create waited from its first ask until kie took it.
 *
 * What to expect: each account serves KIE_CREATES_PER_WINDOW (20) per KIE_CREATE_WINDOW_MS
 * (11 s, kie's 10 s plus 1 s of jitter), 1.82 creates a second, so the pool's rate grows with its
 * accounts: 1.82, 3.64 and 7.27 a second for 1, 2 and 4. One account was the platform's ceiling
 * (kie-pool-results.json, README "kie.ai account pool").
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 32);
const ACCOUNT_COUNTS = [1, 2, 4];
const PROCESSES = 2;
const CREATORS_PER_ACCOUNT = 8;
const PACE = { limit: 20, windowMs: 11_000 };

interface Run {
  accounts: number;
  durationS: number;
  creates: number;
  createsPerSecond: number;
  /** What the pace allows: accounts x 20 per 11 s. */
  expectedPerSecond: number;
  /** kie's own ceiling: accounts x 20 per 10 s. */
  kieCeilingPerSecond: number;
  kie429s: number;
  createsPerAccount: number[];
  busiestTenSecondsPerAccount: number[];
  waitP50Ms: number;
  waitP95Ms: number;
  errors: number;
}

/** The value below which `p` percent of `values` lie (nearest rank); 0 without values. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The most creates of one key in any 10 s (kie's window): never more than 20. */
const busiest = (times: number[]) =>
  Math.max(0, ...times.map((start) => times.filter((at) => at >= start && at < start + 10_000).length));

async function runPool(accounts: number, databaseUrl: string): Promise<Run> {
  const fake: FakeKie = await startFakeKie();
  for (let i = 1; i < accounts; i += 1) fake.addAccount();
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    PROVIDER_ENGINE: 'kie',
    KIE_API_KEYS: fake.accounts.map((account) => account.apiKey).join(','),
    KIE_BASE_URL: fake.url,
    KIE_CREATES_PER_WINDOW: String(PACE.limit),
    KIE_CREATE_WINDOW_MS: String(PACE.windowMs),
  });
  const log = pino({ level: 'silent' });
  const pools = Array.from(
    { length: PROCESSES },
    () => new pg.Pool({ connectionString: databaseUrl, max: 10 }),
  );
  const engines: Engine[] = pools.map((pool) => createEngine(config, log, pool));
  const waits: number[] = [];
  let errors = 0;
  const startedAt = Date.now();
  const endAt = startedAt + DURATION_S * 1000;
  try {
    await Promise.all(
      Array.from({ length: accounts * CREATORS_PER_ACCOUNT }, async (_, creator) => {
        const engine = engines[creator % PROCESSES] as Engine;
        let job = 0;
        while (Date.now() < endAt) {
          const askedAt = Date.now();
          job += 1;
          for (;;) {
            try {
              await engine.startJob(videoInput(`pool bench ${creator} ${job}`), {
                taskId: `bench-${creator}-${job}`,
              });
              if (Date.now() <= endAt) waits.push(Date.now() - askedAt);
              break;
            } catch (error) {
              if (Date.now() >= endAt) break;
              if (error instanceof UpstreamPaced) {
                await sleep(Math.min(error.retryAfterMs ?? 1_000, endAt - Date.now()));
              } else {
                errors += 1;
                await sleep(100);
              }
            }
          }
        }
      }),
    );
    const inTime = fake.created.filter((create) => create.at >= startedAt && create.at <= endAt);
    const timesOf = (apiKey: string) => inTime.filter((c) => c.apiKey === apiKey).map((c) => c.at);
    return {
      accounts,
      durationS: DURATION_S,
      creates: inTime.length,
      createsPerSecond: Math.round((inTime.length / DURATION_S) * 100) / 100,
      expectedPerSecond: Math.round(((accounts * PACE.limit) / (PACE.windowMs / 1000)) * 100) / 100,
      kieCeilingPerSecond: accounts * 2,
      kie429s: fake.rateLimited,
      createsPerAccount: fake.accounts.map((account) => timesOf(account.apiKey).length),
      busiestTenSecondsPerAccount: fake.accounts.map((account) => busiest(timesOf(account.apiKey))),
      waitP50Ms: Math.round(percentile(waits, 50)),
      waitP95Ms: Math.round(percentile(waits, 95)),
      errors,
    };
  } finally {
    await Promise.all(engines.map((engine) => engine.close?.()));
    await Promise.all(pools.map((pool) => pool.end()));
    await fake.close();
  }
}

/** A database of the bench's own: on DATABASE_URL's server when set (dropped after), else embedded. */
async function benchDatabase(dataDir: string) {
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres(path.join(dataDir, 'embedded'), pino({ level: 'warn' }));
    return { url: embedded.url, drop: () => embedded.stop() };
  }
  const name = `bench_kie_pool_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-bench-kie-pool-'));
const database = await benchDatabase(dataDir);
try {
  const { pool, db } = connectDatabase(database.url, 4);
  await migrateDatabase(pool, db);
  await pool.end();
  const loadBefore = loadavg().map((value) => Math.round(value * 100) / 100);
  const runs: Run[] = [];
  for (const accounts of ACCOUNT_COUNTS) runs.push(await runPool(accounts, database.url));
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((value) => Math.round(value * 100) / 100),
    },
    processes: PROCESSES,
    creatorsPerAccount: CREATORS_PER_ACCOUNT,
    pace: PACE,
    runs,
  };
  const table = markdownTable(
    [
      'accounts',
      'creates/s',
      'paced rate',
      "kie's ceiling",
      "kie's 429s",
      'busiest 10 s per account',
      'wait p50 / p95',
    ],
    runs.map((run) => [
      run.accounts,
      run.createsPerSecond,
      run.expectedPerSecond,
      run.kieCeilingPerSecond,
      run.kie429s,
      run.busiestTenSecondsPerAccount.join(', '),
      `${(run.waitP50Ms / 1000).toFixed(1)} s / ${(run.waitP95Ms / 1000).toFixed(1)} s`,
    ]),
    `${results.date.slice(0, 10)}, ${PROCESSES} processes pacing in PostgreSQL, ${CREATORS_PER_ACCOUNT} creators per account, ${DURATION_S} s per run against the fake kie.ai paced per key (20 per 10 s). The wait is from a create's first ask until kie took it: the queue a full pool makes.`,
  );
  await publishResults('kie-pool-results.json', 'kie-pool-bench', results, table);
  if (
    runs.some(
      (run) => run.kie429s > 0 || run.errors > 0 || run.busiestTenSecondsPerAccount.some((n) => n > 20),
    )
  )
    process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
