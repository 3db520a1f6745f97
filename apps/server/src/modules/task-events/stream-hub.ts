import { RESYNC_EVENT_NAME, TASK_EVENT_NAME, type TaskEvent } from '@conduit/contracts';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { ChannelMessage } from './channel.ts';

/** One browser's open event stream. */
export interface StreamSink {
  userId: string;
  /** The workspace whose tasks the stream shows: the session's workspace when it opened. */
  workspaceId: string;
  sessionId: string;
  write(text: string): void;
  end(): void;
}

export interface StreamHub {
  hasRoom(userId: string): boolean;
  /** False when the user already holds `maxPerUser` streams in this process. */
  add(sink: StreamSink): boolean;
  remove(sink: StreamSink): void;
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
  log: Logger;
  heartbeatMs: number;
  maxPerUser: number;
}

export const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The process's open streams by user, fed by the one LISTEN connection. A heartbeat comment
 * goes to every stream each `heartbeatMs` (proxies keep the connection, a dead one is noticed),
 * and with it every stream's session is checked again, so a stream ends when its session does.
 */
export function createStreamHub({
  pool,
  sessionWorkspaces,
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
   * the browser switched workspace).
   */
  async function checkSessions(sinks: StreamSink[]) {
    if (sinks.length === 0) return;
    const live = await sessionWorkspaces([...new Set(sinks.map((sink) => sink.sessionId))]);
    for (const sink of sinks) {
      if (live.get(sink.sessionId) === sink.workspaceId) continue;
      remove(sink);
      sink.end();
    }
  }

  const recheck = (sinks: StreamSink[]) =>
    checkSessions(sinks).catch((error) => log.warn({ err: error }, 'could not check event stream sessions'));

  function heartbeat() {
    const sinks = everySink();
    for (const sink of sinks) sink.write(': heartbeat\n\n');
    void recheck(sinks);
  }

  /** Failure reasons of failed tasks someone here is watching, in one query. */
  async function reasonsOf(taskIds: string[]): Promise<Map<string, string>> {
    if (taskIds.length === 0) return new Map();
    const { rows } = await pool.query<{ id: string; error: string | null }>(
      'select id, error from tasks where id = any($1)',
      [taskIds],
    );
    return new Map(rows.map((row) => [row.id, row.error ?? '']));
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
    async deliver(messages) {
      for (const message of messages) {
        if (message.kind === 'sessions' && byUser.has(message.userId)) {
          void recheck([...(byUser.get(message.userId) ?? [])]);
        }
      }
      const tasks = messages.filter(
        (message) => message.kind === 'task' && byWorkspace.has(message.workspaceId),
      ) as Extract<ChannelMessage, { kind: 'task' }>[];
      if (tasks.length === 0) return;
      const reasons = await reasonsOf(
        tasks
          .filter((task) => task.status === 'failed' || task.status === 'aborted')
          .map((task) => task.taskId),
      ).catch((error) => {
        log.warn({ err: error }, 'could not read failure reasons for task events');
        return new Map<string, string>();
      });
      for (const task of tasks) {
        const event: TaskEvent = { taskId: task.taskId, service: task.service, status: task.status };
        const reason = reasons.get(task.taskId);
        if (reason) event.error = reason;
        const text = sseEvent(TASK_EVENT_NAME, event);
        for (const sink of byWorkspace.get(task.workspaceId) ?? []) sink.write(text);
      }
    },
    resyncAll() {
      const text = sseEvent(RESYNC_EVENT_NAME, {});
      for (const sink of everySink()) sink.write(text);
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
