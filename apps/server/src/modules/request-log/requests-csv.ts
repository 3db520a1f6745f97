import { REQUEST_LOG_CSV_COLUMNS } from '@conduit/contracts';
import type pg from 'pg';
import { csvCell } from '../usage/list-usage.ts';
import { listRequests, type RequestLogFilter } from './list-requests.ts';

/** The filtered request log as CSV, newest first, read in pages so memory stays flat. */
export async function* requestsCsv(
  pool: pg.Pool,
  workspaceId: string,
  filter: RequestLogFilter,
): AsyncGenerator<string> {
  yield `${REQUEST_LOG_CSV_COLUMNS.join(',')}\n`;
  let cursor: string | undefined;
  do {
    const page = await listRequests(pool, workspaceId, filter, { limit: 500, cursor });
    yield page.items
      .map((item) =>
        [
          item.at,
          item.requestId,
          item.method,
          item.endpoint,
          item.service ?? '',
          item.status,
          item.code ?? '',
          item.error ?? '',
          item.durationMs,
          item.taskId ?? '',
          item.keyName,
          item.ip,
          JSON.stringify(item.metadata),
        ]
          .map(csvCell)
          .join(','),
      )
      .map((line) => `${line}\n`)
      .join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
