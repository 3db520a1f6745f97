import { RESYNC_EVENT_NAME, TASK_EVENT_NAME, type TaskEvent } from '@conduit/contracts';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { ChannelMessage } from '../../platform/events-channel.ts';
import { EVENTS_AFTER_SQL } from '../events/sequence-events.ts';

/** One open event stream: a browser's (a session) or a developer tool's (an API key). */
export interface StreamSink {
  /** Whose streams count against the per-account limit: the user, or `key:<keyId>`. */
  userId: string;
  /** The workspace whose tasks and events the stream shows: the session's or the key's. */
  workspaceId: string;
  /** The session it was opened with; null for a key. */
  sessionId: string | null;
  /**
   * The key it was opened with, the secret presented (its SHA-256) and the caller's address: the
   * stream ends when the key no longer answers to that secret from that address (deleted, expired,
   * rolled past the grace, IP allow-list narrowed) or its workspace is deleted or deactivated.
   */
  key?: StreamKey;
  /** The `seq` of the last webhook event written to it (events after it are due). */
  lastSeq: number;
  /** False: the stream shows test events only; true or absent: live ones only (test-mode.ts). */
  livemode?: boolean;
  write(text: string): void;
  end(): void;
}

export interface StreamKey {
  keyId: string;
  keyHash: string;
  ip: string;
  /** The services the key may call (kept current by each check): other services' task events are not written to its stream. */
  services: ReadonlySet<string>;
}

/**
 * Whether a stream shows an event of `service` (none: an account event, shown to every stream
 * of its mode) and mode (an event without `livemode` is live).
 */
const shows = (sink: StreamSink, service: string | undefined, livemode: boolean) =>
  (sink.livemode ?? true) === livemode &&
  (service === undefined || !sink.key || sink.key.services.has(service));

export interface StreamHub {
  hasRoom(userId: string): boolean;
  /** False when the user already holds `maxPerUser` streams in this process. */
  add(sink: StreamSink): boolean;
  remove(sink: StreamSink): void;
  /** Writes the workspace's webhook events its streams have not had yet. */
  catchUp(workspaceId: string): Promise<void>;
  deliver(messages: ChannelMessage[]): Promise<void>;
  /** After missed messages: every page reloads what it shows. */
  resyncAll(): void;
  endAll(): void;
  size(): number;
}

interface HubOptions {
  pool: pg.Pool;
  /** The workspace each session works in now; sessions that no longer work are missing. */
  sessionWorkspaces: (sessionIds: string[]) => Promise<Map<string, string>>;
  /** Which of these still work: one answer per key, in order, its permissions now (null: it no longer works). */
  liveKeys: (keys: StreamKey[]) => Promise<Array<string[] | null>>;
  log: Logger;
  heartbeatMs: number;
  maxPerUser: number;
}

export const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Webhook events read for a stream at a time. */
const EVENTS_BATCH = 200;

interface EventRow {
  id: string;
  seq: string;
  type: string;
  body: string;
  is_test: boolean;
}

/** A webhook event as the stream writes it: its id (for `Last-Event-ID`), type and the listed item. */
const webhookEventText = (row: EventRow) =>
  `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify({ id: row.id, ...JSON.parse(row.body), isTest: row.is_test })}\n\n`;

/** The service a stored event's data names (a task event's), if any, and its mode. */
const serviceOf = (row: EventRow): { service: string | undefined; livemode: boolean } => {
  const data = (JSON.parse(row.body) as { data?: { service?: unknown; livemode?: unknown } }).data;
  return {
    service: typeof data?.service === 'string' ? data.service : undefined,
    livemode: data?.livemode !== false,
  };
};

/**
 * The process's open streams by user, fed by the one LISTEN connection. A heartbeat comment
 * goes to every stream each `heartbeatMs` (proxies keep the connection, a dead one is noticed),
 * and with it every stream's session or key is checked again, so a stream ends when its session
 * does; a `sessions` or `keys` message rechecks the streams it names at once.
 */
export function createStreamHub({
  pool,
  sessionWorkspaces,
  liveKeys,
  log,
  heartbeatMs,
  maxPerUser,
}: HubOptions): StreamHub {
  const byUser = new Map<string, Set<StreamSink>>();
  const byWorkspace = new Map<string, Set<StreamSink>>();
  let timer: NodeJS.Timeout | undefined;
  const everySink = () => [...byUser.values()].flatMap((sinks) => [...sinks]);

  function remove(sink: StreamSink) {
    const sinks = byUser.get(sink.userId);
    if (!sinks?.delete(sink)) return;
    if (sinks.size === 0) byUser.delete(sink.userId);
    const watching = byWorkspace.get(sink.workspaceId);
    watching?.delete(sink);
    if (watching?.size === 0) byWorkspace.delete(sink.workspaceId);
    if (byUser.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  /**
   * Ends the streams whose session was revoked or expired, whose account was deactivated, or whose
   * session no longer works in the stream's workspace (removed from the team, team deleted, or
   * the browser switched workspace); and the streams of keys that no longer work (StreamKey).
   */
  async function checkSessions(sinks: StreamSink[]) {
    if (sinks.length === 0) return;
    const sessionIds = sinks.flatMap((sink) => (sink.sessionId ? [sink.sessionId] : []));
    const keySinks = sinks.filter((sink) => sink.key);
    const [live, keys] = await Promise.all([
      sessionIds.length > 0 ? sessionWorkspaces([...new Set(sessionIds)]) : new Map<string, string>(),
      keySinks.length > 0 ? liveKeys(keySinks.map((sink) => sink.key as StreamKey)) : [],
    ]);
    const workingKeys = new Set<StreamSink>();
    keySinks.forEach((sink, index) => {
      const permissions = keys[index];
      if (!permissions || !sink.key) return;
      // A key narrowed since it opened the stream sees only its services from now on.
      sink.key.services = new Set(permissions);
      workingKeys.add(sink);
    });
    for (const sink of sinks) {
      if (sink.sessionId && live.get(sink.sessionId) === sink.workspaceId) continue;
      if (sink.key && workingKeys.has(sink)) continue;
      remove(sink);
      sink.end();
    }
  }

  /** The key streams of a workspace (a personal workspace's id is its account's). */
  const keyStreamsOf = (workspaceId: string) =>
    [...(byWorkspace.get(workspaceId) ?? [])].filter((sink) => sink.key);

  /**
   * Writes a workspace's webhook events that its streams have not had yet, in `seq` order, from
   * the event store (the NOTIFY only says there are new ones). An event still in flight when a pass
   * reads is numbered after every event that pass wrote (webhooks/sequence-events.ts), so the
   * next pass writes it. One pass per workspace at a time,
   * so a stream never gets an event twice or out of order.
   */
  const catching = new Map<string, Promise<void>>();
  function catchUp(workspaceId: string): Promise<void> {
    const pass = async () => {
      for (;;) {
        const sinks = [...(byWorkspace.get(workspaceId) ?? [])];
        if (sinks.length === 0) return;
        const from = Math.min(...sinks.map((sink) => sink.lastSeq));
        // Numbered, then read in a statement of its own that sees the numbers just given: one round trip.
        const { rows } = await pool.query<EventRow>(EVENTS_AFTER_SQL, [workspaceId, from, EVENTS_BATCH]);
        for (const row of rows) {
          const seq = Number(row.seq);
          const text = webhookEventText(row);
          const { service, livemode } = serviceOf(row);
          for (const sink of sinks) {
            if (seq <= sink.lastSeq) continue;
            if (shows(sink, service, livemode)) sink.write(text);
            sink.lastSeq = seq;
          }
        }
        if (rows.length < EVENTS_BATCH) return;
      }
    };
    const next = (catching.get(workspaceId) ?? Promise.resolve())
      .then(pass)
      .catch((error) => log.warn({ err: error, workspaceId }, 'could not read webhook events for a stream'));
    catching.set(workspaceId, next);
    void next.finally(() => {
      if (catching.get(workspaceId) === next) catching.delete(workspaceId);
    });
    return next;
  }

  const recheck = (sinks: StreamSink[]) =>
    checkSessions(sinks).catch((error) => log.warn({ err: error }, 'could not check event stream sessions'));

  function heartbeat() {
    const sinks = everySink();
    for (const sink of sinks) sink.write(': heartbeat\n\n');
    void recheck(sinks);
  }

  /** The mode of the tasks someone here is watching and the failure reasons of failed ones, in one query. */
  async function factsOf(taskIds: string[]): Promise<Map<string, { error: string; livemode: boolean }>> {
    if (taskIds.length === 0) return new Map();
    const { rows } = await pool.query<{ id: string; error: string | null; livemode: boolean }>(
      'select id, error, livemode from tasks where id = any($1)',
      [taskIds],
    );
    return new Map(rows.map((row) => [row.id, { error: row.error ?? '', livemode: row.livemode }]));
  }

  return {
    hasRoom: (userId) => (byUser.get(userId)?.size ?? 0) < maxPerUser,
    add(sink) {
      let sinks = byUser.get(sink.userId);
      if (!sinks) {
        sinks = new Set();
        byUser.set(sink.userId, sinks);
      }
      if (sinks.size >= maxPerUser) return false;
      sinks.add(sink);
      let watching = byWorkspace.get(sink.workspaceId);
      if (!watching) {
        watching = new Set();
        byWorkspace.set(sink.workspaceId, watching);
      }
      watching.add(sink);
      timer ??= setInterval(heartbeat, heartbeatMs);
      return true;
    },
    remove,
    catchUp,
    async deliver(messages) {
      const withEvents = new Set<string>();
      for (const message of messages) {
        if (message.kind === 'sessions') {
          // The account's sessions, and the keys of its personal workspace (deleted, deactivated).
          const sinks = [...(byUser.get(message.userId) ?? []), ...keyStreamsOf(message.userId)];
          if (sinks.length > 0) void recheck(sinks);
        }
        if (message.kind === 'keys') {
          const sinks = keyStreamsOf(message.workspaceId);
          if (sinks.length > 0) void recheck(sinks);
        }
        if (message.kind === 'event' && byWorkspace.has(message.workspaceId))
          withEvents.add(message.workspaceId);
      }
      for (const workspaceId of withEvents) void catchUp(workspaceId);
      const tasks = messages.filter(
        (message) => message.kind === 'task' && byWorkspace.has(message.workspaceId),
      ) as Extract<ChannelMessage, { kind: 'task' }>[];
      if (tasks.length === 0) return;
      const facts = await factsOf(tasks.map((task) => task.taskId)).catch((error) => {
        log.warn({ err: error }, 'could not read failure reasons for task events');
        return new Map<string, { error: string; livemode: boolean }>();
      });
      for (const task of tasks) {
        const event: TaskEvent = { taskId: task.taskId, service: task.service, status: task.status };
        const fact = facts.get(task.taskId);
        if (fact?.error && (task.status === 'failed' || task.status === 'aborted')) event.error = fact.error;
        const text = sseEvent(TASK_EVENT_NAME, event);
        for (const sink of byWorkspace.get(task.workspaceId) ?? []) {
          if (shows(sink, task.service, fact?.livemode ?? true)) sink.write(text);
        }
      }
    },
    resyncAll() {
      const text = sseEvent(RESYNC_EVENT_NAME, {});
      for (const sink of everySink()) sink.write(text);
      // Webhook events are in the store: the streams get what was missed, not just a reload.
      for (const workspaceId of byWorkspace.keys()) void catchUp(workspaceId);
    },
    endAll() {
      const sinks = everySink();
      byUser.clear();
      byWorkspace.clear();
      clearInterval(timer);
      timer = undefined;
      for (const sink of sinks) sink.end();
    },
    size: () => everySink().length,
  };
}
