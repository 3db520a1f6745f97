import pg from 'pg';

/*
 * Three options of `bench:api` for finding where PostgreSQL's time per call goes, off by default:
 * - BENCH_STATEMENTS=1 starts the embedded PostgreSQL with pg_stat_statements (nested statements
 *   too, so each foreign key check shows as its own line) and prints, after (c) and after (d), the
 *   statements that took the most time in that run: calls, execution ms, rows and WAL records.
 * - BENCH_SQL='...' runs that SQL on the bench database after it is seeded, before any run: a
 *   schema change tried without a migration (an index dropped, a constraint put back), to compare
 *   with runs without it in turn.
 * - BENCH_WAITS=1 samples the server's connections during (c) and prints what they were doing
 *   (printWaits).
 */

/** The server settings the embedded PostgreSQL starts with (bench-database.ts). */
export const statementStatsSettings = (): string[] =>
  process.env.BENCH_STATEMENTS
    ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all']
    : [];

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** BENCH_SQL, and the pg_stat_statements view when BENCH_STATEMENTS is set. */
export async function prepareBenchSchema(url: string): Promise<void> {
  const sql = process.env.BENCH_SQL;
  if (!sql && !process.env.BENCH_STATEMENTS) return;
  await withClient(url, async (client) => {
    if (sql) await client.query(sql);
    if (process.env.BENCH_STATEMENTS) {
      await client.query('create extension if not exists pg_stat_statements');
      await client.query('select pg_stat_statements_reset()');
    }
  });
}

/** Prints the statements that took the most time since the last print (or prepareBenchSchema), with BENCH_STATEMENTS. */
export async function printStatementStats(url: string, title: string): Promise<void> {
  if (!process.env.BENCH_STATEMENTS) return;
  const { statements, tables } = await withClient(url, async (client) => {
    const top = await client.query(
      `select calls, round(total_exec_time::numeric, 1) as exec_ms, round(mean_exec_time::numeric, 3) as mean_ms, rows, wal_records, wal_fpi, wal_bytes,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as statement
         from pg_stat_statements order by total_exec_time desc limit 12`,
    );
    await client.query('select pg_stat_statements_reset()');
    const written = await client.query(
      `select relname as table, n_tup_ins as inserted, autovacuum_count as autovacuums,
              autoanalyze_count as autoanalyzes
         from pg_stat_user_tables where n_tup_ins > 1000 order by n_tup_ins desc limit 8`,
    );
    return { statements: top.rows, tables: written.rows };
  });
  console.log(title);
  console.table(statements);
  console.log('The tables written most since the bench began, and their autovacuums');
  console.table(tables);
}

/**
 * BENCH_WAITS=1: samples pg_stat_activity every few milliseconds for `seconds`, after `delayS`,
 * and prints what the server's connections were doing: idle (waiting for the server), running,
 * or waiting (on a lock, the WAL's flush, a client's read). Shows whether a run's calls are held
 * by PostgreSQL's CPU or by something they wait on.
 */
export async function printWaits(url: string, delayS: number, seconds: number, title: string): Promise<void> {
  if (!process.env.BENCH_WAITS) return;
  await new Promise((resolve) => setTimeout(resolve, delayS * 1000));
  const counts = await withClient(url, async (client) => {
    const seen = new Map<string, number>();
    let samples = 0;
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      const { rows } = await client.query(
        `select state, coalesce(wait_event_type, '') as type, coalesce(wait_event, '') as event,
                case when state = 'active' then left(regexp_replace(query, '\\s+', ' ', 'g'), 60) else '' end as statement
           from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const row of rows) {
        const key = `${row.state}|${row.type}|${row.event}|${row.statement}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return [...seen]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([key, count]) => {
        const [state, type, event, statement] = key.split('|');
        return { backends: Math.round((count / samples) * 100) / 100, state, type, event, statement };
      });
  });
  console.log(title);
  console.table(counts);
}
