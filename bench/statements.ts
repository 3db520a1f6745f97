import pg from 'pg';
import pino from 'pino';
import type { KeyIdentity } from '../apps/server/src/modules/provider/authenticate-key.ts';
import { createCharger } from '../apps/server/src/modules/provider/charger.ts';
import {
  createRequestLogWriter,
  type RequestLogEntry,
} from '../apps/server/src/modules/request-log/request-log-writer.ts';
import { benchIdentity, createBenchAccount } from './bench-account.ts';
import { benchDatabase } from './bench-database.ts';
import { markdownTable, publishResults } from './readme-section.ts';

/*
 * PostgreSQL's own time for the paid call's two per-call writes, each statement timed alone on the
 * bench's embedded server: the debit of a batch of paid calls (provider/charger.ts) and the request
 * log's insert of a batch of rows (request-log/request-log-writer.ts). Each run is the statement
 * inside a savepoint that is rolled back, so the tables stay as they were and every run writes the
 * same rows (each series after a vacuum: rolled-back rows leave index entries behind). Variants
 * take parts away (or put back the foreign keys migration 0040 dropped) inside the same
 * transaction, to show each part's share. Every variant runs ROUNDS series of RUNS_PER_ROUND in
 * turn with the others, and its median is over all of them: this machine's speed swings by a fifth
 * within minutes, and two series run minutes apart differed by as much as the parts compared.
 * Unlike `bench:api`, nothing else shares the machine's cores during a run: this measures the
 * statements, not the machine's load.
 */
const CALLS = 51;
const LOG_ROWS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const RUNS_PER_ROUND = Number(process.env.BENCH_RUNS ?? 25);
const log = pino({ level: 'warn' });

/** The tables the two statements write (and read for their checks). */
const WRITTEN_TABLES =
  'tasks, credit_entries, credit_accounts, api_keys, webhook_events, webhook_deliveries, request_log';

/** The foreign keys the paid call's rows had before migration 0040
 * (docs/decisions/0018-hot-rows-without-foreign-keys.md). */
const BEFORE_0040 = [
  'alter table tasks add foreign key (workspace_id) references workspaces (id), add foreign key (api_key_id) references api_keys (id)',
  'alter table credit_entries add foreign key (workspace_id) references workspaces (id)',
  'alter table webhook_events add foreign key (workspace_id) references workspaces (id)',
  'alter table webhook_deliveries add foreign key (workspace_id) references workspaces (id)',
  'alter table request_log add foreign key (workspace_id) references workspaces (id)',
];

/**
 * A binary array parameter (platform/pg-arrays.ts) as the JavaScript array node-postgres would
 * send as an array literal instead, for the variant that shows what the binary format saved.
 */
function asArrayLiteral(value: unknown): unknown {
  if (!(value instanceof Buffer)) return value;
  const oid = value.readUInt32BE(8);
  const length = value.readInt32BE(12);
  const items: unknown[] = [];
  let offset = 20;
  for (let index = 0; index < length; index++) {
    const bytes = value.readInt32BE(offset);
    offset += 4;
    if (bytes < 0) {
      items.push(null);
      continue;
    }
    if (oid === 23) items.push(value.readInt32BE(offset));
    else if (oid === 1184)
      items.push(new Date(Date.UTC(2000, 0, 1) + Number(value.readBigInt64BE(offset) / 1000n)));
    else items.push(value.toString('utf8', offset, offset + bytes));
    offset += bytes;
  }
  return items;
}

/**
 * The request log's insert as it was before its columns became binary arrays (at bc4153e): the
 * batch's rows as one JSON parameter, read by json_to_recordset.
 */
const LOG_INSERT_AS_JSON = `
  insert into request_log (at, workspace_id, api_key_id, method, endpoint, service, status,
                           error_code, error_message, duration_ms, request_id, task_id, ip, metadata,
                           livemode)
  select to_timestamp(e."atMs" / 1000.0), w.id, coalesce(e."keyId", k.id), e.method, e.endpoint,
         e.service, e.status, e.code, e.error, e.ms, e."requestId", e."taskId", e.ip, e.metadata,
         coalesce(e.livemode, true)
    from json_to_recordset($1::json) as e("atMs" float8, "workspaceId" text, "keyId" text, "keyHash" text,
         method text, endpoint text, service text, status int, code text, error text, ms float8,
         "requestId" text, "taskId" text, ip text, metadata jsonb, livemode boolean)
    left join lateral (
      select id, workspace_id from api_keys
       where e."keyId" is null and (key_hash = e."keyHash" or previous_key_hash = e."keyHash")
       limit 1) k on true
    join workspaces w on w.id = coalesce(e."workspaceId", k.workspace_id)
    left join users u on u.id = w.id and w.kind = 'personal'
   where w.deleted_at is null and u.deleted_at is null
   order by e."atMs"`;

interface Statement {
  name: string;
  text: string;
  values: unknown[];
  per: number;
  setup?: string[];
}

/** The charger's batch statement and its values for CALLS calls of one account, as it sends them. */
async function captureDebit(pool: pg.Pool, identity: KeyIdentity) {
  let captured: { text: string; values: unknown[] } | undefined;
  const capturing = {
    query: (query: pg.QueryConfig) => {
      if (query.name !== 'conduit-charge-batch') return pool.query(query);
      captured ??= { text: query.text, values: query.values ?? [] };
      // Not debited here: the charger then charges the calls one by one, which commits them.
      return Promise.resolve({ rows: [] });
    },
  } as unknown as pg.Pool;
  const charger = createCharger(capturing);
  const call = () =>
    charger.charge({
      ip: '127.0.0.1',
      identity,
      service: 'video',
      model: 'veo3_fast',
      variant: 'veo3_fast',
      cost: 10,
      engine: { name: 'local', isDevelopmentEngine: true },
      at: new Date(),
      request: { prompt: 'a lighthouse at dawn', model: 'veo3_fast' },
      metadata: { order: '1234' },
      deadlineAt: new Date(Date.now() + 1_800_000),
    });
  // The first call finds nothing in flight and goes alone; the rest wait for it and form one batch.
  await Promise.all(Array.from({ length: CALLS + 1 }, call));
  if (!captured) throw new Error('the charger sent no batch statement');
  return captured;
}

/** The request log writer's insert and its values for LOG_ROWS answered paid calls. */
async function captureLogInsert(pool: pg.Pool, identity: KeyIdentity) {
  let captured: { text: string; values: unknown[] } | undefined;
  const capturing = {
    query: (query: pg.QueryConfig) => {
      captured ??= { text: query.text, values: query.values ?? [] };
      return Promise.resolve({ rows: [] });
    },
  } as unknown as pg.Pool;
  const writer = createRequestLogWriter(capturing, log);
  const entries: RequestLogEntry[] = [];
  for (let index = 0; index < LOG_ROWS; index++) {
    const entry: RequestLogEntry = {
      atMs: Date.now() + index,
      workspaceId: identity.workspaceId,
      keyId: identity.keyId,
      keyHash: null,
      method: 'POST',
      endpoint: '/api/provider/video',
      service: 'video',
      status: 202,
      code: null,
      error: null,
      ms: 3.2,
      requestId: `req-bench-${index}`,
      taskId: `task_bench${index}`,
      ip: '127.0.0.1',
      metadata: { order: String(index) },
      livemode: true,
    };
    writer.record(entry);
    entries.push(entry);
  }
  await writer.flush();
  if (!captured) throw new Error('the request log wrote nothing');
  void pool;
  return { ...captured, entries };
}

/** RUNS_PER_ROUND runs of `statement`, each rolled back, in ms. */
async function time(client: pg.PoolClient, statement: Statement, name: string) {
  const times: number[] = [];
  // A rolled-back row leaves its index entries behind until a vacuum: each series starts clean.
  await client.query(`vacuum analyze ${WRITTEN_TABLES}`);
  await client.query('checkpoint').catch(() => {});
  await client.query('begin');
  try {
    for (const ddl of statement.setup ?? []) await client.query(ddl);
    for (let run = 0; run < RUNS_PER_ROUND; run++) {
      await client.query('savepoint run');
      const started = performance.now();
      await client.query({ name: `bench-${name}`, text: statement.text, values: statement.values });
      times.push(performance.now() - started);
      await client.query('rollback to savepoint run');
    }
  } finally {
    await client.query('rollback');
  }
  return times;
}

const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;

const database = await benchDatabase('statements', log);
const pool = new pg.Pool({ connectionString: database.url, max: 4 });
pool.on('error', () => {});
try {
  const identity = benchIdentity(await createBenchAccount(database.url));
  const debit = await captureDebit(pool, identity);
  const logInsert = await captureLogInsert(pool, identity);
  const started = debit.text.indexOf('), started as (');
  const end = debit.text.lastIndexOf('\nselect workspace_id, balance, total from debit');
  const statements: Statement[] = [
    { name: 'debit', ...debit, per: CALLS },
    { name: 'debit-before-0040', ...debit, per: CALLS, setup: BEFORE_0040 },
    {
      name: 'debit-without-started-event',
      text: `${debit.text.slice(0, started)})${debit.text.slice(end)}`,
      values: debit.values,
      per: CALLS,
    },
    { name: 'debit-text-arrays', text: debit.text, values: debit.values.map(asArrayLiteral), per: CALLS },
    { name: 'request-log-insert', text: logInsert.text, values: logInsert.values, per: LOG_ROWS },
    {
      name: 'request-log-json',
      text: LOG_INSERT_AS_JSON,
      values: [JSON.stringify(logInsert.entries)],
      per: LOG_ROWS,
    },
    {
      name: 'request-log-insert-before-0040',
      text: logInsert.text,
      values: logInsert.values,
      per: LOG_ROWS,
      setup: BEFORE_0040,
    },
  ];
  const client = await pool.connect();
  client.on('error', () => {});
  const times = new Map<string, number[]>(statements.map((statement) => [statement.name, []]));
  try {
    // Every variant in turn, round after round, so that a machine that gets busier weighs on each alike.
    for (let round = 1; round <= ROUNDS; round++)
      for (const statement of statements) {
        times.get(statement.name)?.push(...(await time(client, statement, statement.name)));
      }
  } finally {
    client.release();
  }
  const results = statements.map((statement) => {
    const sorted = [...(times.get(statement.name) ?? [])].sort((a, b) => a - b);
    const medianMs = quantile(sorted, 0.5);
    return {
      name: statement.name,
      per: statement.per,
      runs: sorted.length,
      medianMs: Math.round(medianMs * 100) / 100,
      p25Ms: Math.round(quantile(sorted, 0.25) * 100) / 100,
      usPerCall: Math.round((medianMs * 1000) / statement.per),
    };
  });
  const labels: Record<string, string> = {
    debit: `debit of ${CALLS} calls (per call)`,
    'debit-before-0040': `the same, with the foreign keys as before 0040`,
    'debit-without-started-event': `the same without the task.started event`,
    'debit-text-arrays': `the same, its arrays sent as text literals (before binary arrays)`,
    'request-log-insert': `request log insert of ${LOG_ROWS} rows (per row)`,
    'request-log-json': `the same, its rows as one JSON parameter (before binary arrays)`,
    'request-log-insert-before-0040': `the same, with its foreign key as before 0040`,
  };
  const table = markdownTable(
    ['statement', 'median ms', 'p25 ms', 'us per call'],
    results.map((row) => [labels[row.name], row.medianMs, row.p25Ms, row.usPerCall]),
    `${ROUNDS} rounds of ${RUNS_PER_ROUND} runs each, in turn, rolled back; PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version} (${
      process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'
    }), ${new Date().toISOString().slice(0, 10)}`,
  );
  await publishResults(
    'statements-results.json',
    'statements-bench',
    { date: new Date(), rounds: ROUNDS, runsPerRound: RUNS_PER_ROUND, results },
    table,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await pool.end();
  await database.stop();
}
