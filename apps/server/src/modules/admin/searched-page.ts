import type pg from 'pg';
import { olderThanCursor, pageOf } from '../../platform/keyset-cursor.ts';

/** A LIKE pattern that matches `term` literally anywhere: %, _ and \ lose their meaning. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface SearchedList {
  /** The listed table and its alias, `users u`: the count reads it alone. */
  table: string;
  alias: string;
  /** Conditions every listed row meets. */
  filters: string[];
  /** The search condition, given the parameter that holds the LIKE pattern. */
  matches: (pattern: string) => string;
  /**
   * `select … from <table> <joins>` of a page's rows, each with `id` and `created_key` (its
   * created_at as PostgreSQL's UTC text); `param` adds a value and names it.
   */
  select: (param: (value: unknown) => string) => string;
}

/**
 * One page of an admin list, newest first by (created_at, id) of the listed table, and how many
 * rows match in all pages: the rows meeting `filters` and, with `search`, the search condition.
 */
export async function searchedPage<Row extends { id: string; created_key: string }>(
  pool: pg.Pool,
  list: SearchedList,
  query: { search?: string; cursor?: string; limit: number },
): Promise<{ rows: Row[]; total: number; nextCursor: string | null }> {
  const filters = [...list.filters];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (query.search) filters.push(list.matches(param(containsPattern(query.search))));
  const matching = filters.join(' and ');
  const countParams = [...params];
  const { alias } = list;
  if (query.cursor) filters.push(olderThanCursor(query.cursor, params, `${alias}.created_at`, `${alias}.id`));
  const select = list.select(param);
  const limit = param(query.limit + 1);
  const [page, count] = await Promise.all([
    pool.query<Row>(
      `${select}
        where ${filters.join(' and ')}
        order by ${alias}.created_at desc, ${alias}.id desc
        limit ${limit}`,
      params,
    ),
    pool.query<{ total: number }>(
      `select count(*)::int as total from ${list.table} where ${matching}`,
      countParams,
    ),
  ]);
  const { page: rows, nextCursor } = pageOf(page.rows, query.limit, (row) => row.created_key);
  return { rows, total: count.rows[0]?.total ?? 0, nextCursor };
}
