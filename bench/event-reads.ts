import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import pino from 'pino';
import { insertUser } from '../apps/server/src/modules/auth/users.ts';
import { EVENTS_AFTER_SQL } from '../apps/server/src/modules/events/sequence-events.ts';
import { migrateDatabase } from '../apps/server/src/platform/database.ts';
import { withBenchDatabase } from './bench-database.ts';
import { cpuText, postgresPids, startCpuMeter, thisProcess } from './cpu-meter.ts';
import { markdownTable, publishResults } from './readme-section.ts';
import { median } from './stats.ts';

/**
 * Reading a workspace's events after a cursor while they are being written, as the event stream and
 * the events API's `after` do, before and after event numbers were given at commit
 * (apps/server/src/modules/webhooks/sequence-events.ts, migration 0031), in one run on one database:
 * - `at insert` (the old design): writers take the positive number when they insert; a read is one
 *   select of the events after the cursor.
 * - `at commit` (today): writers insert a provisional number; a read is the event stream's own:
 *   number the workspace's committed events (under a lock per workspace), then select, in one
 *   round trip (EVENTS_AFTER_SQL).
 * ACCOUNTS workspaces; WRITERS loops record events at a fixed total rate, each in a transaction held
 * open a few ms (as a settle or a payment holds its own); READERS loops poll the workspaces in turn.
 * The two designs alternate, ROUNDS times each. Reported: reads/s, read p50/p99, CPU ms per read
 * (this process and PostgreSQL, writers included: the write rate is the same in both), and the
 * events a reader never got because its cursor had moved past them. Target: no event missed at
 * commit; the cost is reported, not targeted. Writes bench/event-reads-results.json and its table.
 */
const ACCOUNTS = Number(process.env.BENCH_EVENT_ACCOUNTS ?? 200);
const WRITERS = 8;
const READERS = 8;
const EVENTS_PER_SECOND = Number(process.env.BENCH_EVENT_RATE ?? 400);
const HOLD_MS = 4;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = pino({ level: 'warn' });

type Design = 'at insert' | 'at commit';

interface RoundResult {
  name: string;
  design: Design;
  events: number;
  reads: number;
  readsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRead: number;
  cpu: string;
  missed: number;
}

async function round(
  pool: pg.Pool,
  workspaces: string[],
  design: Design,
  name: string,
): Promise<RoundResult> {
  const tag = randomBytes(3).toString('hex');
  const written = new Map<string, Set<string>>(workspaces.map((id) => [id, new Set()]));
  const seen = new Map<string, Set<string>>(workspaces.map((id) => [id, new Set()]));
  const cursors = new Map<string, number>();
  for (const id of workspaces) {
    const { rows } = await pool.query<{ seq: string | null }>(
      'select max(seq) as seq from webhook_events where workspace_id = $1 and seq > 0',
      [id],
    );
    cursors.set(id, Number(rows[0]?.seq ?? 0));
  }
  let writing = true;
  let reading = true;
  let count = 0;
  const writer = async (index: number) => {
    const gapMs = (1000 * WRITERS) / EVENTS_PER_SECOND;
    for (let n = 0; writing; n += 1) {
      const started = performance.now();
      const workspace = workspaces[Math.floor(Math.random() * workspaces.length)] as string;
      const id = `evt_b${tag}${index}x${n}`;
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          design === 'at insert'
            ? `insert into webhook_events (id, workspace_id, type, body, dedupe_key, seq)
               values ($1, $2, 'webhook.test', '{}', $1, nextval('webhook_events_seq_seq'))`
            : `insert into webhook_events (id, workspace_id, type, body, dedupe_key)
               values ($1, $2, 'webhook.test', '{}', $1)`,
          [id, workspace],
        );
        await sleep(Math.random() * HOLD_MS * 2);
        await client.query('commit');
        written.get(workspace)?.add(id);
        count += 1;
      } finally {
        client.release();
      }
      await sleep(Math.max(0, gapMs - (performance.now() - started)));
    }
  };
  const latencies: number[] = [];
  const read = async (workspace: string) => {
    const started = performance.now();
    // At commit: the event stream's own read (number, then select, in one round trip).
    const { rows } = await pool.query<{ id: string; seq: string }>(
      design === 'at commit'
        ? EVENTS_AFTER_SQL
        : 'select id, seq from webhook_events where workspace_id = $1 and seq > $2 order by seq limit $3',
      [workspace, cursors.get(workspace) ?? 0, 100],
    );
    latencies.push(performance.now() - started);
    for (const row of rows) seen.get(workspace)?.add(row.id);
    const last = rows.at(-1);
    if (last) cursors.set(workspace, Number(last.seq));
  };
  const reader = async (index: number) => {
    for (let n = index; reading; n += READERS) await read(workspaces[n % workspaces.length] as string);
  };
  const meter = startCpuMeter({ bench: thisProcess, postgres: postgresPids });
  const startedAt = performance.now();
  const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
  const readers = Array.from({ length: READERS }, (_, index) => reader(index));
  await sleep(DURATION_S * 1000);
  writing = false;
  await Promise.all(writers);
  reading = false;
  await Promise.all(readers);
  const elapsedS = (performance.now() - startedAt) / 1000;
  const reads = latencies.length;
  const cpu = meter.perCall(reads);
  // A last pass once every writer has committed: what a reader still does not get, it never will.
  for (const workspace of workspaces) await read(workspace);
  let missed = 0;
  for (const [workspace, ids] of written) {
    for (const id of ids) if (!seen.get(workspace)?.has(id)) missed += 1;
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.floor(latencies.length * q)] ?? 0) * 100) / 100;
  return {
    name,
    design,
    events: count,
    reads,
    readsPerSecond: Math.round(reads / elapsedS),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    cpuMsPerRead: Math.round(((cpu.bench ?? 0) + (cpu.postgres ?? 0)) * 100) / 100,
    cpu: cpuText(cpu),
    missed,
  };
}

await withBenchDatabase('events', log, WRITERS + READERS + 2, async ({ pool, db }) => {
  await migrateDatabase(pool, db);
  const workspaces: string[] = [];
  for (let i = 0; i < ACCOUNTS; i += 1) {
    const user = await insertUser(db, {
      email: `events-${randomBytes(4).toString('hex')}@bench.example`,
      emailVerifiedAt: new Date(),
    });
    if (user) workspaces.push(user.id);
  }
  const runs: RoundResult[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const design of r % 2 === 0
      ? (['at insert', 'at commit'] as const)
      : (['at commit', 'at insert'] as const)) {
      const result = await round(pool, workspaces, design, `numbered ${design}, round ${r + 1}`);
      console.log(result);
      runs.push(result);
    }
  }
  const summary = (design: Design) => {
    const mine = runs.filter((run) => run.design === design);
    return {
      readsPerSecond: median(mine.map((run) => run.readsPerSecond)),
      p50Ms: median(mine.map((run) => run.p50Ms)),
      p99Ms: median(mine.map((run) => run.p99Ms)),
      cpuMsPerRead: median(mine.map((run) => run.cpuMsPerRead)),
      missed: mine.reduce((sum, run) => sum + run.missed, 0),
      events: mine.reduce((sum, run) => sum + run.events, 0),
    };
  };
  const before = summary('at insert');
  const after = summary('at commit');
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    accounts: ACCOUNTS,
    writers: WRITERS,
    readers: READERS,
    eventsPerSecond: EVENTS_PER_SECOND,
    durationS: DURATION_S,
    rounds: ROUNDS,
    runs,
    medians: { atInsert: before, atCommit: after },
    ratios: {
      cpuMsPerReadAtCommitOverAtInsert: Math.round((after.cpuMsPerRead / before.cpuMsPerRead) * 1000) / 1000,
      p50AtCommitOverAtInsert: Math.round((after.p50Ms / before.p50Ms) * 1000) / 1000,
    },
    targets: { missedAtCommit: 0 },
  };
  const table = markdownTable(
    ['run', 'events', 'reads', 'reads/s', 'p50 ms', 'p99 ms', 'CPU ms per read', 'events missed'],
    runs.map((run) => [
      run.name,
      run.events,
      run.reads,
      run.readsPerSecond,
      run.p50Ms,
      run.p99Ms,
      run.cpu,
      run.missed,
    ]),
    `Events missed: ${before.missed} of ${before.events} numbered at insert, ${after.missed} of ${after.events} numbered at commit (target 0). Medians: at insert ${before.readsPerSecond} reads/s, p50 ${before.p50Ms} ms, ${before.cpuMsPerRead} CPU ms per read; at commit ${after.readsPerSecond} reads/s, p50 ${after.p50Ms} ms, ${after.cpuMsPerRead} CPU ms per read (ratio ${results.ratios.cpuMsPerReadAtCommitOverAtInsert}) (${results.machine.cpus} CPUs, Node ${results.machine.node}, ${ACCOUNTS} workspaces, ${EVENTS_PER_SECOND} events/s from ${WRITERS} writers, ${READERS} readers, ${DURATION_S} s x ${ROUNDS} rounds, ${results.date.slice(0, 10)})`,
  );
  await publishResults('event-reads-results.json', 'event-reads-bench', results, table);
  if (after.missed > 0) process.exitCode = 1;
});
