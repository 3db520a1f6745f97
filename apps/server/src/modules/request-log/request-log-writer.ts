import type pg from 'pg';
import type { Logger } from 'pino';
import { coalesce, writeInHalves } from '../../platform/coalesce.ts';
import { boolArray, floatArray, intArray, textArray } from '../../platform/pg-arrays.ts';

/** One request as the onResponse hook saw it; written later, with others, in one statement. */
export interface RequestLogEntry {
  /** When the request arrived, in epoch milliseconds. */
  atMs: number;
  /** Known when the key was admitted (or refused after it was read)... */
  workspaceId: string | null;
  keyId: string | null;
  /** ...else the SHA-256 of the key presented, resolved by the insert (a deleted key, a rolled-out secret). */
  keyHash: string | null;
  method: string;
  endpoint: string;
  service: string | null;
  status: number;
  code: string | null;
  error: string | null;
  ms: number;
  requestId: string;
  taskId: string | null;
  ip: string;
  /** A paid call's metadata, once its body was accepted. */
  metadata?: Record<string, string> | null;
  /** False for a request made with a test key (test-mode.ts); absent means live. */
  livemode?: boolean;
}

/** Rows a process holds for writing at most: past it, a request goes unrecorded rather than memory growing. */
export const MAX_BUFFERED = 20_000;
const MAX_BATCH = 2_000;
/** An idle log waits this long for company: a refused call shows on the Logs page well within a second. */
const LINGER_MS = 50;

/*
 * One statement per batch, its columns as binary array parameters (platform/pg-arrays.ts: nothing
 * escaped in JavaScript, nothing parsed as text by PostgreSQL). A row whose key is known only by
 * its hash takes the key's workspace; a row whose workspace was deleted meanwhile is not written.
 */
const INSERT = `
  insert into request_log (at, workspace_id, api_key_id, method, endpoint, service, status,
                           error_code, error_message, duration_ms, request_id, task_id, ip, metadata,
                           livemode)
  select to_timestamp(e.at_ms / 1000.0), w.id, coalesce(e.key_id, k.id), e.method, e.endpoint,
         e.service, e.status, e.code, e.error, e.ms, e.request_id, e.task_id, e.ip, e.metadata::jsonb,
         coalesce(e.livemode, true)
    from unnest($1::float8[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                $8::int[], $9::text[], $10::text[], $11::float8[], $12::text[], $13::text[], $14::text[],
                $15::text[], $16::boolean[])
      as e(at_ms, workspace_id, key_id, key_hash, method, endpoint, service, status, code, error, ms,
           request_id, task_id, ip, metadata, livemode)
    left join lateral (
      select id, workspace_id from api_keys
       where e.key_id is null and (key_hash = e.key_hash or previous_key_hash = e.key_hash)
       limit 1) k on true
    join workspaces w on w.id = coalesce(e.workspace_id, k.workspace_id)
    left join users u on u.id = w.id and w.kind = 'personal'
   where w.deleted_at is null and u.deleted_at is null
   order by e.at_ms`;

const insertValues = (entries: RequestLogEntry[]) => {
  const column = <T>(pick: (entry: RequestLogEntry) => T) => entries.map(pick);
  return [
    floatArray(column((entry) => entry.atMs)),
    textArray(column((entry) => entry.workspaceId)),
    textArray(column((entry) => entry.keyId)),
    textArray(column((entry) => entry.keyHash)),
    textArray(column((entry) => entry.method)),
    textArray(column((entry) => entry.endpoint)),
    textArray(column((entry) => entry.service)),
    intArray(column((entry) => entry.status)),
    textArray(column((entry) => entry.code)),
    textArray(column((entry) => entry.error)),
    floatArray(column((entry) => entry.ms)),
    textArray(column((entry) => entry.requestId)),
    textArray(column((entry) => entry.taskId)),
    textArray(column((entry) => entry.ip)),
    textArray(column((entry) => (entry.metadata ? JSON.stringify(entry.metadata) : null))),
    boolArray(column((entry) => entry.livemode)),
  ];
};

export interface RequestLogWriter {
  record(entry: RequestLogEntry): void;
  /** Resolves once every entry recorded so far is written (or given up on). */
  flush(): Promise<void>;
  /** Entries not written: the buffer was full or the database refused the batch. */
  readonly dropped: number;
}

/** Keeps entries in memory and writes them in batches, one statement in flight at a time. */
export function createRequestLogWriter(
  pool: pg.Pool,
  log: Pick<Logger, 'warn'>,
  options: { maxBuffered?: number; onDropped?: (count: number) => void } = {},
): RequestLogWriter {
  const { maxBuffered = MAX_BUFFERED, onDropped } = options;
  let buffered = 0;
  let dropped = 0;
  const drop = (count: number) => {
    dropped += count;
    onDropped?.(count);
  };
  const insert = (entries: RequestLogEntry[]) =>
    pool.query({ name: 'conduit-request-log-insert', text: INSERT, values: insertValues(entries) });
  /*
   * The statement is one transaction: when the database refuses a row of it, nothing was written.
   * The batch is written again in halves until the row it refuses is dropped alone, so one bad
   * entry never loses another workspace's (as the task statements do). Another failure (the
   * connection lost) drops the batch.
   */
  const writeAll = (entries: RequestLogEntry[]) =>
    writeInHalves(entries, insert, (dropped, error) => {
      drop(dropped.length);
      log.warn({ err: error, entries: dropped.length }, 'could not write to the request log');
    });
  const write = coalesce<RequestLogEntry>(
    async (entries) => {
      try {
        await writeAll(entries);
      } finally {
        buffered -= entries.length;
      }
    },
    MAX_BATCH,
    LINGER_MS,
  );
  return {
    record(entry) {
      if (buffered >= maxBuffered) {
        drop(1);
        return;
      }
      buffered += 1;
      write(entry);
    },
    flush: () => write.drained(),
    get dropped() {
      return dropped;
    },
  };
}
