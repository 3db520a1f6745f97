import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { tasks } from './schema.ts';

/*
 * The statements every paid call runs on its task, prepared once per database handle: each pooled
 * connection parses and plans them once (as named statements), and the query text is not built
 * again per call. Optional values are placeholders that leave a column as it is when null.
 */
const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
const isProcessing = (id = sql.placeholder('id')) => and(eq(tasks.id, id), eq(tasks.status, 'processing'));

function prepare(db: Db) {
  return {
    find: db
      .select()
      .from(tasks)
      .where(eq(tasks.id, sql.placeholder('id')))
      .prepare('conduit-task-find'),
    claim: db
      .update(tasks)
      .set({
        nextCheckAt: sql`now() + make_interval(secs => ${sql.placeholder('leaseS')}::float8)`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          isProcessing(),
          sql`(${tasks.nextCheckAt} is null or ${tasks.nextCheckAt} <= now() or ${tasks.nextCheckAt} = ${at('heldLease')})`,
        ),
      )
      .returning()
      .prepare('conduit-task-claim'),
    started: db
      .update(tasks)
      .set({
        upstreamId: sql`${sql.placeholder('upstreamId')}`,
        channel: sql`${sql.placeholder('channel')}::text`,
        upstreamCostMicros: sql`${sql.placeholder('upstreamCostMicros')}::int`,
        nextCheckAt: sql`coalesce(${at('nextCheckAt')}, ${tasks.nextCheckAt})`,
        updatedAt: sql`now()`,
        attempts: sql`${tasks.attempts} + 1`,
      })
      .where(isProcessing())
      .prepare('conduit-task-started'),
    complete: db
      .update(tasks)
      .set({
        status: 'completed',
        result: sql`${sql.placeholder('result')}::jsonb`,
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
        nextCheckAt: null,
        channel: sql`coalesce(${sql.placeholder('channel')}::text, ${tasks.channel})`,
        upstreamCostMicros: sql`case when ${sql.placeholder('channel')}::text is null then ${tasks.upstreamCostMicros}
                                     else ${sql.placeholder('upstreamCostMicros')}::int end`,
        resultsExpireAt: sql`coalesce(${at('resultsExpireAt')}, ${tasks.resultsExpireAt})`,
      })
      .where(isProcessing())
      .returning()
      .prepare('conduit-task-complete'),
    resultsExpiry: db
      .select({ resultsExpireAt: tasks.resultsExpireAt })
      .from(tasks)
      .where(eq(tasks.id, sql.placeholder('id')))
      .prepare('conduit-task-results-expiry'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

/** The prepared task statements of this database handle (not of a transaction's). */
export function taskStatements(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepare(db);
    prepared.set(db, statements);
  }
  return statements;
}
