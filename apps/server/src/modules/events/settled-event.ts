import {
  type AnsweringEngine,
  DEFAULT_ENDPOINT_EVENT_TYPES,
  DEFAULT_TASK_WEBHOOK_FILTERS,
  engineOf,
  TASK_STATUS_MESSAGES,
  type TaskStatus,
  TEST_MODE_ENGINE,
  taskEventTypeOf,
} from '@conduit/contracts';
import { newId } from '../../platform/ids.ts';
import { taskEventKey } from './task-event-key.ts';

/**
 * A task's settle event (`task.completed`, `task.failed` or `task.canceled`;
 * docs/product.md, "Webhooks"), as the settle writes it: the event and its deliveries are rows
 * of the settle's own statement or transaction (tasks/settle-task.ts, tasks/task-statements.ts),
 * written from the row its compare-and-set returns, so a settled task always has its event, a
 * settle that loses the compare-and-set writes none, and a settle costs no pool checkout of its
 * own for its event. What the task row does not hold is known before the statement: the event's
 * id and key, its type and message, the answering engine, and, for a completion, the result it
 * writes.
 */
export interface SettledEvent {
  id: string;
  dedupeKey: string;
  type: ReturnType<typeof taskEventTypeOf>;
  /** The status's message (TASK_STATUS_MESSAGES). */
  message: string;
  /** The data's `engine`, as JSON. */
  engine: string;
  /**
   * The result's fields as the body carries them (`"key":value` pairs, each after a comma), or ''
   * for a task settled without a result (a refund: a task that is still processing has none).
   */
  resultFields: string;
  /**
   * The result's integer-like keys (`"7":value` pairs, each before a comma): JavaScript puts them
   * before any other key of an object, so the data spread from the result begins with them.
   */
  indexFields: string;
  endpointDeliveryId: string;
  callbackDeliveryId: string;
}

export type SettledStatus = Exclude<TaskStatus, 'processing'>;

/**
 * A value as jsonb gives it back, which is how the task answers (and the events of the time they
 * were recorded after the settle) carry the result: jsonb keeps each object's keys shortest first,
 * then byte by byte, and JSON.parse then puts integer-like keys first, as it does for any object.
 */
function asJsonbReads(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonbReads);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort(
    (a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  return Object.fromEntries(keys.map((key) => [key, asJsonbReads((value as Record<string, unknown>)[key])]));
}

/** A key JavaScript orders as an array index (ascending, before the other keys of an object). */
const isIndex = (key: string) => /^(0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;

/** The settle event of a task ending in `status`; `result` is what a completion writes. */
export function taskSettledEvent(
  taskId: string,
  status: SettledStatus,
  engine: AnsweringEngine,
  result?: unknown,
): SettledEvent {
  const type = taskEventTypeOf(status);
  // As taskData spreads it: the stored result (JSON, then jsonb), between `error` and `expiresAt`.
  const stored = (result === undefined ? {} : asJsonbReads(JSON.parse(JSON.stringify(result)))) ?? {};
  const pairs = (keys: string[]) =>
    keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify((stored as Record<string, unknown>)[key])}`);
  const keys = Object.keys(stored);
  const fields = pairs(keys.filter((key) => !isIndex(key)));
  return {
    id: newId('evt'),
    dedupeKey: taskEventKey(taskId, type),
    type,
    message: TASK_STATUS_MESSAGES[status],
    engine: JSON.stringify(engineOf(engine)),
    resultFields: fields.map((field) => `,${field}`).join(''),
    indexFields: pairs(keys.filter(isIndex))
      .map((field) => `${field},`)
      .join(''),
    endpointDeliveryId: newId('whd'),
    callbackDeliveryId: newId('whd'),
  };
}

/** The data's `engine` of a test task (test-mode.ts): the development engine served it. */
const TEST_ENGINE_JSON = JSON.stringify(engineOf(TEST_MODE_ENGINE));

const textArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value}'`).join(', ')}]::text[]`;
/** A timestamp as JSON, as Date#toISOString writes it (milliseconds, truncated as pg reads them). */
const isoJson = (column: string) =>
  `('"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"')`;
const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)`;
/** taskData's processingTime: Math.round(ms / 100) / 10, written as JavaScript writes the number. */
const processingTime = (s: string) => `(select case when n % 10 = 0 then (n / 10)::bigint::text
                   else (n / 10)::numeric(20, 1)::text end
     from (select round((${epochMs(`${s}.completed_at`)} - ${epochMs(`${s}.created_at`)}) / 100.0) as n) p)`;

/**
 * A task's `metadata` as JSON.stringify writes what the task answers (taskData: the jsonb read back,
 * `{}` for none): no spaces, keys in jsonb's order but integer-like ones first and ascending, as
 * JSON.parse puts them (the object's other keys keep their order).
 */
const INDEX_KEY = `'^(0|[1-9][0-9]{0,9})$'`;
/** The key as an array index (isIndex), else null: nested, as SQL need not evaluate `and` in order. */
const indexOf = (key: string) =>
  `case when ${key} ~ ${INDEX_KEY} then case when ${key}::numeric < 4294967295 then ${key}::numeric end end`;
const metadataJson = (column: string) => `coalesce((
  select '{' || string_agg(to_json(m.key)::text || ':' || to_json(m.value)::text, ','
           order by ${indexOf('m.key')} nulls last, m.n) || '}'
    from jsonb_each_text(${column}) with ordinality m(key, value, n)), '{}')`;

/**
 * The event body (record-event.ts, eventBody) of a settled task row `s`, byte for byte as
 * `eventBody(type, completedAt, taskData(row, engine))` writes it: the same keys in the same
 * order, strings escaped as JSON.stringify escapes them (to_json does the same), timestamps to the
 * millisecond. task-settled-event.test.ts compares the two.
 */
const bodySql = (s: string) => `'{"type":' || to_json(${s}.event_type)::text
  || ',"timestamp":' || ${isoJson(`${s}.completed_at`)}
  || ',"data":{' || ${s}.event_index || '"taskId":' || to_json(${s}.id)::text
  || ',"service":' || to_json(${s}.service)::text
  || ',"status":' || to_json(${s}.status)::text
  || ',"message":' || to_json(${s}.event_message)::text
  || ',"creditsUsed":' || (${s}.cost - ${s}.credits_refunded)
  || ',"creditsCharged":' || ${s}.cost
  || ',"creditsRefunded":' || ${s}.credits_refunded
  || ',"timestamp":' || ${isoJson(`${s}.created_at`)}
  || ',"deadlineAt":' || ${isoJson(`${s}.deadline_at`)}
  || coalesce(',"cancelRequestedAt":' || ${isoJson(`${s}.cancel_requested_at`)}, '')
  || ',"completedAt":' || ${isoJson(`${s}.completed_at`)}
  || ',"processingTime":' || ${processingTime(s)}
  || coalesce(',"error":' || to_json(nullif(${s}.error, ''))::text, '')
  || ${s}.event_result
  || coalesce(',"expiresAt":' || ${isoJson(`${s}.results_expire_at`)}, '')
  || ',"metadata":' || ${metadataJson(`${s}.metadata`)}
  || ',"engine":' || case when ${s}.livemode then ${s}.event_engine else '${TEST_ENGINE_JSON}' end
  || ',"livemode":' || ${s}.livemode::text || '}}'`;

/** What a callBackUrl takes: the call's `webhookEvents` (record-event.ts, wantsCallback), else the terminal ones. */
const callbackFilters = (s: string) => `coalesce(
  case when jsonb_typeof(${s}.request -> 'webhookEvents') = 'array'
       then array(select jsonb_array_elements_text(${s}.request -> 'webhookEvents')) end,
  ${textArray(DEFAULT_TASK_WEBHOOK_FILTERS)})`;

/**
 * The CTEs that write the settle events of the tasks in `settled`, a relation of the statement with
 * one row per task the settle moved: the task's columns as the settle left them, and event_id,
 * event_key, event_type, event_message, event_engine, event_result, event_index (SettledEvent), endpoint_delivery_id,
 * callback_delivery_id and ord. The events take their `seq` in `ord` order (provisional until they commit, sequence-events.ts). A delivery goes to the
 * workspace's endpoint when it is on and takes the type (record-event.ts, endpointFor), and to the
 * task's callBackUrl when the call asked for the type. An event already recorded (its dedupe key)
 * is written again nowhere. The caller tells the event streams and the delivery worker once the
 * statement has committed (EventHooks.publish).
 */
export const settledEventSql = (settled: string) => `
settled_event as (
  insert into webhook_events (id, workspace_id, type, body, dedupe_key, created_at, livemode)
  select s.event_id, s.workspace_id, s.event_type, ${bodySql('s')}, s.event_key, s.completed_at, s.livemode
    from ${settled} s order by s.ord
  on conflict do nothing
  returning id
), settled_delivery as (
  insert into webhook_deliveries (id, workspace_id, event_id, event_type, target, url, next_attempt_at,
                                  created_at, updated_at)
  select s.endpoint_delivery_id, s.workspace_id, s.event_id, s.event_type, 'endpoint', w.webhook_url,
         s.completed_at, s.completed_at, s.completed_at
    from ${settled} s join settled_event v on v.id = s.event_id
    join workspaces w on w.id = s.workspace_id
    left join webhook_endpoints e on e.workspace_id = w.id
   where nullif(w.webhook_url, '') is not null and w.deleted_at is null and e.disabled_at is null
     and s.event_type = any(coalesce(e.event_types, ${textArray(DEFAULT_ENDPOINT_EVENT_TYPES)}))
  union all
  select s.callback_delivery_id, s.workspace_id, s.event_id, s.event_type, 'callback', s.callback_url,
         s.completed_at, s.completed_at, s.completed_at
    from ${settled} s join settled_event v on v.id = s.event_id
   where nullif(s.callback_url, '') is not null
     and substr(s.event_type, length('task.') + 1) = any(${callbackFilters('s')})
)`;
