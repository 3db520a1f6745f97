import type { RequestLogItem, RequestLogQuery, Service, StatusClass } from '@conduit/contracts';
import type pg from 'pg';
import { BadRequest } from '../../platform/errors.ts';
import { decodeCursor, keysetPage, type PageQuery } from '../../platform/keyset-cursor.ts';

/** What a list of the request log may be narrowed to: the Logs page's filters and the API's. */
export interface RequestLogFilter {
  keyId?: string;
  service?: Service;
  /** An exact status (402) or a class ('4xx'). */
  status?: number | StatusClass;
  code?: string;
  from?: string;
  to?: string;
  /** A request id or a task id, exactly. */
  q?: string;
  /** The services a key may see (its permissions): other services' calls are left out. */
  services?: readonly string[];
  /** Metadata pairs the call must carry, all of them (containment: the GIN index of schema.ts). */
  metadata?: Record<string, string>;
  /** A metadata key the call must carry, whatever its value. */
  metadataKey?: string;
  /** Test requests (false) or live ones (true): each mode sees its own (test-mode.ts). */
  livemode?: boolean;
}

interface RequestLogDbRow {
  id: string;
  at: Date;
  at_key: string;
  request_id: string;
  method: RequestLogItem['method'];
  endpoint: string;
  service: RequestLogItem['service'];
  status: number;
  error_code: string | null;
  error_message: string | null;
  duration_ms: number;
  task_id: string | null;
  api_key_id: string;
  key_name: string;
  ip: string;
  metadata: Record<string, string> | null;
}

/** The SQL conditions of a filter, their values appended to `params`. */
function conditionsOf(filter: RequestLogFilter, params: unknown[]): string {
  const parts: string[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (filter.livemode !== undefined) add((p) => `r.livemode = ${p}`, filter.livemode);
  if (filter.keyId) add((p) => `r.api_key_id = ${p}`, filter.keyId);
  if (filter.service) add((p) => `r.service = ${p}`, filter.service);
  if (filter.services) add((p) => `(r.service is null or r.service = any(${p}::text[]))`, filter.services);
  if (typeof filter.status === 'number') add((p) => `r.status = ${p}`, filter.status);
  else if (filter.status) {
    const low = Number(filter.status[0]) * 100;
    add((p) => `r.status between ${p} and ${p} + 99`, low);
  }
  if (filter.code) add((p) => `r.error_code = ${p}`, filter.code);
  if (filter.from) add((p) => `r.at >= ${p}`, filter.from);
  if (filter.to) add((p) => `r.at < ${p}`, filter.to);
  if (filter.q) add((p) => `(r.request_id = ${p} or r.task_id = ${p})`, filter.q);
  if (filter.metadata && Object.keys(filter.metadata).length > 0)
    add((p) => `r.metadata @> ${p}::jsonb`, JSON.stringify(filter.metadata));
  if (filter.metadataKey) add((p) => `r.metadata ? ${p}`, filter.metadataKey);
  return parts.map((part) => ` and ${part}`).join('');
}

const toItem = (row: RequestLogDbRow): RequestLogItem => ({
  requestId: row.request_id,
  at: row.at.toISOString(),
  method: row.method,
  endpoint: row.endpoint,
  service: row.service,
  status: row.status,
  code: row.error_code,
  error: row.error_message,
  durationMs: Math.round(row.duration_ms * 10) / 10,
  taskId: row.task_id,
  keyId: row.api_key_id,
  keyName: row.key_name,
  ip: row.ip,
  metadata: row.metadata ?? {},
});

/** One page of a workspace's request log, newest first (keyset on (at, id)). */
export async function listRequests(
  pool: pg.Pool,
  workspaceId: string,
  filter: RequestLogFilter,
  page: PageQuery,
): Promise<{ items: RequestLogItem[]; nextCursor: string | null }> {
  // This list's ids are numbers: another list's cursor must not reach the database as one.
  if (page.cursor && !/^\d{1,18}$/.test(decodeCursor(page.cursor)[1])) {
    throw new BadRequest('cursor: is not a cursor from this list', 'cursor');
  }
  const params: unknown[] = [workspaceId];
  const where = conditionsOf(filter, params);
  const result = await keysetPage<RequestLogDbRow>(
    pool,
    page,
    { params, time: 'r.at', id: 'r.id', timeKey: (row) => row.at_key },
    (after, limit) => `
      select r.id, r.at, (r.at at time zone 'UTC')::text as at_key, r.request_id, r.method, r.endpoint,
             r.service, r.status, r.error_code, r.error_message, r.duration_ms, r.task_id, r.api_key_id,
             k.name as key_name, r.ip, r.metadata
        from request_log r join api_keys k on k.id = r.api_key_id
       where r.workspace_id = $1${where}${after ? ` and ${after}` : ''}
       order by r.at desc, r.id desc limit ${limit}`,
  );
  return { items: result.page.map(toItem), nextCursor: result.nextCursor };
}

/** The Logs page's query as a filter. */
export const filterOf = (query: Omit<RequestLogQuery, 'limit' | 'cursor'>): RequestLogFilter => ({
  keyId: query.keyId,
  service: query.service,
  status: query.statusClass,
  code: query.code,
  from: query.from,
  to: query.to,
  q: query.q || undefined,
  // A value names its key's pair; a key alone, calls that carry the key.
  ...(query.metadataKey &&
    (query.metadataValue === undefined || query.metadataValue === ''
      ? { metadataKey: query.metadataKey }
      : { metadata: { [query.metadataKey]: query.metadataValue } })),
});

/** The public API's `status` parameter: `402` or `4xx`. */
export const statusFilterOf = (status: string | undefined): RequestLogFilter['status'] =>
  status === undefined ? undefined : status.endsWith('xx') ? (status as StatusClass) : Number(status);
