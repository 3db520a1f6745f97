import {
  type AnsweringEngine,
  acceptedTaskData,
  DEFAULT_ENDPOINT_EVENT_TYPES,
  type Service,
} from '@conduit/contracts';
import { newId } from '../../platform/ids.ts';
import { eventBody, wantsCallback } from './record-event.ts';
import { filtersOf, taskEventKey } from './task-event-key.ts';

/**
 * A new task's `task.started` event (docs/product.md, "Webhooks"), as the paid call's own debit
 * statement writes it: the event and its deliveries are rows of the statement that creates the
 * task and takes the credits (provider/charge-call.ts, provider/charger.ts), so a task never
 * exists without its started event, nor an event without its task, and a create costs no
 * second pool checkout or commit. Everything but the endpoint is known before the statement;
 * the delivery ids are drawn for both targets and used only where the event goes.
 */
export interface StartedEvent {
  id: string;
  dedupeKey: string;
  /** The exact body every delivery posts and the events API lists: the async answer's data. */
  body: string;
  at: Date;
  /** The task's callBackUrl when the call asked for its started event, else null. */
  callbackUrl: string | null;
  endpointDeliveryId: string;
  callbackDeliveryId: string;
}

export function taskStartedEvent(
  task: {
    id: string;
    service: Service;
    cost: number;
    deadlineAt: Date;
    /** The body the call was charged for (its `webhookEvents`), and its callBackUrl. */
    request: unknown;
    callbackUrl?: string;
    /** The call's metadata, echoed in the event's data. */
    metadata?: Record<string, string>;
    /** False for a test key's call. */
    livemode?: boolean;
  },
  engine: AnsweringEngine,
  at: Date,
): StartedEvent {
  const data = acceptedTaskData(
    {
      taskId: task.id,
      service: task.service,
      at,
      cost: task.cost,
      deadlineAt: task.deadlineAt,
      metadata: task.metadata,
      livemode: task.livemode,
    },
    engine,
  );
  const callback = task.callbackUrl ? { url: task.callbackUrl, filters: filtersOf(task.request) } : undefined;
  return {
    id: newId('evt'),
    dedupeKey: taskEventKey(task.id, 'task.started'),
    body: eventBody('task.started', at, data),
    at,
    callbackUrl: callback && wantsCallback('task.started', callback) ? callback.url : null,
    endpointDeliveryId: newId('whd'),
    callbackDeliveryId: newId('whd'),
  };
}

const ENDPOINT_TAKES_BY_DEFAULT = DEFAULT_ENDPOINT_EVENT_TYPES.includes('task.started');

/**
 * The CTEs that write the started events of the tasks in `started`, a relation of the statement
 * with one row per created task: workspace_id, event_id, event_key, event_body, event_at,
 * started_callback_url, endpoint_delivery_id, callback_delivery_id, ord. The events take their
 * `seq` in `ord` order (provisional until they commit, sequence-events.ts; a workspace's calls in their order of arrival). A delivery goes to the
 * workspace's endpoint when it is on and takes `task.started` (record-event.ts, endpointFor), and
 * to the callBackUrl when the call asked for it; the endpoint is read once per workspace, not once
 * per call (a batch is mostly one busy workspace's calls: a fifth of the debit statement's time,
 * bench/README.md "The paid call's statements"). The caller tells the event streams and the
 * delivery worker once the statement has committed (EventHooks.publish). `livemode`: false for
 * a test key's calls (provider/test-charge.ts).
 */
export const startedEventSql = (started: string, livemode = true) => `
started_event as (
  insert into webhook_events (id, workspace_id, type, body, dedupe_key, created_at, livemode)
  select s.event_id, s.workspace_id, 'task.started', s.event_body, s.event_key, s.event_at, ${livemode}
    from ${started} s order by s.ord
), started_endpoint as materialized (
  select w.id as workspace_id, w.webhook_url from workspaces w
    left join webhook_endpoints e on e.workspace_id = w.id
   where w.id in (select workspace_id from ${started})
     and w.webhook_url is not null and w.deleted_at is null and e.disabled_at is null
     and case when e.event_types is null then ${ENDPOINT_TAKES_BY_DEFAULT}
              else 'task.started' = any(e.event_types) end
), started_delivery as (
  insert into webhook_deliveries (id, workspace_id, event_id, event_type, target, url, next_attempt_at,
                                  created_at, updated_at)
  select s.endpoint_delivery_id, s.workspace_id, s.event_id, 'task.started', 'endpoint', p.webhook_url,
         s.event_at, s.event_at, s.event_at
    from ${started} s join started_endpoint p on p.workspace_id = s.workspace_id
  union all
  select s.callback_delivery_id, s.workspace_id, s.event_id, 'task.started', 'callback', s.started_callback_url,
         s.event_at, s.event_at, s.event_at
    from ${started} s where s.started_callback_url is not null
)`;
