import { REQUEST_LOG_CSV_COLUMNS } from '@conduit/contracts';
import type pg from 'pg';
import { pagedCsv } from '../../platform/paged-csv.ts';
import { listRequests, type RequestLogFilter } from './list-requests.ts';

/** The filtered request log as CSV, newest first, read in pages so memory stays flat. */
export const requestsCsv = (pool: pg.Pool, workspaceId: string, filter: RequestLogFilter) =>
  pagedCsv(
    REQUEST_LOG_CSV_COLUMNS,
    (cursor) => listRequests(pool, workspaceId, filter, { limit: 500, cursor }),
    (item) => [
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
    ],
  );
