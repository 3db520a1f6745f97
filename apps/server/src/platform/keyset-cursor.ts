import { desc } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { BadRequest } from './errors.ts';

/*
 * Keyset cursors over (timestamp, id). The time is PostgreSQL's own text of the UTC timestamp,
 * microseconds included: a JavaScript Date keeps milliseconds only, and rounding the key would
 * skip rows that share a millisecond at a page boundary.
 */
const TIME_KEY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;

export const encodeCursor = (timeKey: string, id: string) =>
  Buffer.from(`${timeKey}|${id}`).toString('base64url');

export function decodeCursor(cursor: string): [string, string] {
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!time || !id || rest.length > 0 || !TIME_KEY.test(time)) {
    throw new BadRequest('cursor: is not a cursor from this list', 'cursor');
  }
  return [time, id];
}

/**
 * The SQL condition "after this cursor" for a list ordered newest first by (`time`, `id`): its two
 * values are appended to `params`, and the condition names them by position.
 */
export function olderThanCursor(cursor: string, params: unknown[], time: string, id: string): string {
  params.push(...decodeCursor(cursor));
  return `(${time}, ${id}) < ($${params.length - 1}::timestamp at time zone 'UTC', $${params.length})`;
}

/**
 * A page of a keyset list: the query asked for `limit + 1` rows, so one more than `limit` means
 * another page follows, whose cursor is the last row shown. `timeKey` is the row's time as
 * PostgreSQL's UTC text (microseconds kept).
 */
export function pageOf<Row extends { id: string }>(
  rows: Row[],
  limit: number,
  timeKey: (row: Row) => string,
): { page: Row[]; nextCursor: string | null } {
  return pageWithCursor(rows, limit, (last) => encodeCursor(timeKey(last), last.id));
}

/** `pageOf` for a list with a cursor of its own: `cursorOf` names the position after the last row shown. */
export function pageWithCursor<Row>(
  rows: Row[],
  limit: number,
  cursorOf: (last: Row) => string,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/**
 * One page of a drizzle select (`.$dynamic()`), newest first by (`time`, `id`): `limit + 1` rows
 * read, see pageWithCursor. The select's own conditions hold the "after the cursor" one.
 */
export async function newestFirstPage<Query extends PgSelect>(
  query: Query,
  order: { time: PgColumn; id: PgColumn },
  limit: number,
  cursorOf: (last: Awaited<Query>[number]) => string,
): Promise<{ page: Awaited<Query>[number][]; nextCursor: string | null }> {
  const rows: Awaited<Query> = await query.orderBy(desc(order.time), desc(order.id)).limit(limit + 1);
  return pageWithCursor<Awaited<Query>[number]>(rows, limit, cursorOf);
}

/** The page of a keyset list a caller asks for: how many rows, after which cursor (none: the first). */
export interface PageQuery {
  limit: number;
  cursor?: string;
}

/**
 * One page of a keyset list newest first by (`time`, `id`) columns: `params` are the query's own
 * parameters, the limit (`limit + 1` rows, see pageOf) and the cursor's values follow them. `sql`
 * builds the query from the condition "after the cursor" (undefined on the first page) and the
 * limit's placeholder.
 */
export async function keysetPage<Row extends { id: string }>(
  pool: pg.Pool,
  query: PageQuery,
  list: { params: unknown[]; time: string; id: string; timeKey: (row: Row) => string },
  sql: (after: string | undefined, limit: string) => string,
): Promise<{ page: Row[]; nextCursor: string | null }> {
  const params = [...list.params, query.limit + 1];
  const limit = `$${params.length}`;
  const after = query.cursor ? olderThanCursor(query.cursor, params, list.time, list.id) : undefined;
  const { rows } = await pool.query<Row>(sql(after, limit), params);
  return pageOf(rows, query.limit, list.timeKey);
}
