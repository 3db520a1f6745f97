import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';
import { MetadataAnswer, MetadataKey } from './metadata.ts';
import { METADATA_LIMITS } from './metadata-limits.ts';
import { pageOf } from './pages.ts';
import { SERVICES } from './services.ts';

/**
 * The request log (docs/product.md, "Logs"): every request to the public API, accepted or refused,
 * once its key is known. Read by the key itself (`GET /api/provider/requests`) and by the Logs page.
 */
export const DEFAULT_REQUEST_LOG_RETENTION_DAYS = 30;
export const REQUEST_LOG_PAGE_MAX = 100;

export const STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

const errorCodes = Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const RequestLogItem = z.object({
  requestId: z.string().describe('The X-Request-Id of the answer'),
  at: z.iso.datetime().describe('When the request arrived'),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  endpoint: z
    .string()
    .describe('The route called, parameters as placeholders: `/api/provider/video/status/:taskId`'),
  service: z
    .enum(SERVICES)
    .nullable()
    .describe('The paid service of the endpoint; null for account endpoints'),
  status: z.number().int().describe('The HTTP status answered'),
  code: z.string().nullable().describe('The error code answered; null for a success'),
  error: z.string().nullable().describe('The error message answered; null for a success'),
  durationMs: z.number().describe('Time from the request to the end of the answer, in milliseconds'),
  taskId: z.string().nullable().describe('The task the request created or named'),
  keyId: z.string(),
  keyName: z.string(),
  ip: z.string().describe('The address the request came from'),
  metadata: MetadataAnswer,
});
export type RequestLogItem = z.infer<typeof RequestLogItem>;

const limit = z.coerce.number().int().min(1).max(REQUEST_LOG_PAGE_MAX).default(25);
const cursor = z.string().max(200).optional().describe('The `nextCursor` of the previous page');
const code = z.enum(errorCodes).optional().describe('Only requests answered with this error code');

/** `GET /api/provider/requests`: the key's workspace's requests, newest first. */
export const RequestLogApiQuery = z.object({
  limit,
  cursor,
  status: z
    .string()
    .regex(/^([1-5]\d\d|[245]xx)$/, { error: 'must be an HTTP status such as 402, or 2xx, 4xx or 5xx' })
    .optional()
    .describe('Only requests answered with this status (`402`) or class (`4xx`)'),
  code,
});
export type RequestLogApiQuery = z.infer<typeof RequestLogApiQuery>;

/** The Logs page's filters; the CSV export takes the same ones. */
export const RequestLogFilters = z.object({
  keyId: z.string().max(100).optional(),
  service: z.enum(SERVICES).optional(),
  statusClass: z.enum(STATUS_CLASSES).optional(),
  code,
  /** From this instant (included). */
  from: z.iso.datetime().optional(),
  /** Until this instant (excluded). */
  to: z.iso.datetime().optional(),
  /** A request id or a task id, exactly. */
  q: z.string().trim().max(200).optional(),
  /** Only paid calls whose metadata has this key (with `metadataValue`: this key and value). */
  metadataKey: MetadataKey.optional(),
  metadataValue: z.string().max(METADATA_LIMITS.valueMaxLength).optional(),
});
export type RequestLogFilters = z.infer<typeof RequestLogFilters>;

export const RequestLogQuery = RequestLogFilters.extend({ limit, cursor });
export type RequestLogQuery = z.infer<typeof RequestLogQuery>;

export const RequestLogResponse = pageOf('items', RequestLogItem);
export type RequestLogResponse = z.infer<typeof RequestLogResponse>;

export const REQUEST_LOG_CSV_COLUMNS = [
  'time',
  'request_id',
  'method',
  'endpoint',
  'service',
  'status',
  'error_code',
  'error',
  'duration_ms',
  'task_id',
  'key_name',
  'ip',
  /** A paid call's metadata as JSON (`{}` for none). */
  'metadata',
] as const;

/** The Logs page's list and its CSV export (not JSON, so without an answer schema). */
export const REQUEST_LOG_ROUTES = {
  list: defineAppRoute({ ...APP_PATHS.requestLog, query: RequestLogQuery, response: RequestLogResponse }),
  csv: defineAppRoute({ ...APP_PATHS.requestLogCsv, query: RequestLogFilters }),
};

export const REQUEST_LOG_TEXTS = {
  title: 'Logs',
  intro: 'Every request your API keys made, accepted or refused, newest first.',
  empty: 'No requests match these filters.',
  searchLabel: 'Request id or task id',
  exportCsv: 'Export CSV',
};
