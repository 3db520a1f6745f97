import type pg from 'pg';

/** A connection pg-boss can write a job through (`send`'s `db` option): its IDatabase shape. */
export interface JobsDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The open transaction a claim runs in: its queries, and pg-boss sends that commit with it. */
export interface ClaimTransaction {
  client: pg.PoolClient;
  /** Pass as `db` to `jobs.send`: the job is written in this transaction. */
  jobsDb: JobsDb;
}

/**
 * The "claim a crossing" pattern, for anything that must act once when a value crosses a line
 * (a low-balance alert, an automatic top-up): `claim` is one UPDATE ... RETURNING that flips the
 * row's armed flag where the condition holds (`where is_armed and balance < threshold`).
 * PostgreSQL lets only one transaction change a row: a concurrent claim waits for it, re-reads
 * the row, finds it disarmed and returns nothing (or, with `for update skip locked` in a CTE,
 * skips it at once). So however many processes scan at the same time, each crossing is returned
 * to exactly one of them.
 *
 * `act` runs in the same transaction with the claimed rows and queues what the crossing causes
 * (pg-boss jobs through `jobsDb`): the work exists exactly when the claim commits, and a failure
 * rolls the claim back so the next scan claims it again. Answers the claimed rows.
 */
export async function claimCrossings<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  claim: { text: string; values: unknown[] },
  act: (rows: Row[], tx: ClaimTransaction) => Promise<void>,
): Promise<Row[]> {
  const client = await pool.connect();
  let isBroken = false;
  try {
    await client.query('begin');
    const { rows } = await client.query<Row>(claim.text, claim.values);
    if (rows.length > 0) {
      await act(rows, {
        client,
        jobsDb: { executeSql: (text: string, values?: unknown[]) => client.query(text, values) },
      });
    }
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => {
      isBroken = true;
    });
    throw error;
  } finally {
    // A connection that could not even roll back is dropped, not handed to the next caller.
    client.release(isBroken);
  }
}
