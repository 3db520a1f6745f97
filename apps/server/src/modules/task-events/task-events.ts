import { PassThrough } from 'node:stream';
import {
  EVENT_STREAM_HEARTBEAT_MS,
  EVENT_STREAM_RETRY_MS,
  EVENT_STREAMS_PER_USER,
  LIVE_STATUS_TEXTS,
  TASK_EVENTS_ROUTE,
} from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appRouteSchema } from '../../platform/app-route.ts';
import { RateLimited, ServiceUnavailable } from '../../platform/errors.ts';
import { plainIp } from '../../platform/ip-ranges.ts';
import type { Services } from '../../platform/services.ts';
import { signedIn } from '../auth/session-http.ts';
import { liveSessionWorkspaces } from '../auth/sessions.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { streamStartSeq } from '../events/list-events.ts';
import { LIVE_WORKSPACE_JOIN, LIVE_WORKSPACE_WHERE } from '../provider/authenticate-key.ts';
import { keyPresentableSql } from '../provider/key-rules-sql.ts';
import { readLivemode } from '../provider/test-mode.ts';
import { createKeyOrSession } from '../webhooks/key-or-session.ts';
import { createEventListener } from './listener.ts';
import { createStreamHub, type StreamSink } from './stream-hub.ts';

export interface TaskEventsOptions {
  heartbeatMs?: number;
  maxStreamsPerUser?: number;
}

/** What the process does with a task's news from any process, besides telling its streams. */
export interface TaskNewsHooks {
  /** A task settled or was called back for: sync calls waiting for it here look now. */
  onTaskMoved?: (taskId: string) => void;
}

export interface TaskEventStreams {
  routes: FastifyPluginAsyncZod;
  /** Ends every open stream: the process is stopping, and a stream never ends by itself. */
  endStreams(): void;
  /** Starts listening (if not yet), so `onTaskMoved` hears other processes' news; never throws. */
  listen(): void;
  close(): Promise<void>;
  openStreams(): number;
}

/**
 * `GET /api/events` for API processes: the signed-in user's task events as Server-Sent Events,
 * whichever process created or settled the task (docs/architecture.md, live status).
 */
export function createTaskEventStreams(
  services: Services,
  options: TaskEventsOptions = {},
  hooks: TaskNewsHooks = {},
): TaskEventStreams {
  const hub = createStreamHub({
    pool: services.pool,
    sessionWorkspaces: (sessionIds) => liveSessionWorkspaces(services.db, services.clock, sessionIds),
    liveKeys: async (keys) => {
      const { rows } = await services.pool.query<{ ord: string; permissions: string[] }>(
        `select s.ord, k.permissions from unnest($1::text[], $2::text[], $3::text[]) with ordinality as s(key_id, key_hash, ip, ord)
           join api_keys k on k.id = s.key_id ${LIVE_WORKSPACE_JOIN}
          where ${keyPresentableSql('s.key_hash', 's.ip')} and ${LIVE_WORKSPACE_WHERE}`,
        [keys.map((key) => key.keyId), keys.map((key) => key.keyHash), keys.map((key) => key.ip)],
      );
      const working = new Map(rows.map((row) => [Number(row.ord) - 1, row.permissions]));
      return keys.map((_, index) => working.get(index) ?? null);
    },
    log: services.log,
    heartbeatMs: options.heartbeatMs ?? EVENT_STREAM_HEARTBEAT_MS,
    maxPerUser: options.maxStreamsPerUser ?? EVENT_STREAMS_PER_USER,
  });
  const listener = createEventListener({
    connectionString: services.pool.options.connectionString as string,
    log: services.log,
    onMessages: (messages) => {
      void hub.deliver(messages);
      for (const message of messages) {
        if (message.kind === 'wake' || (message.kind === 'task' && message.status !== 'processing')) {
          hooks.onTaskMoved?.(message.taskId);
        }
      }
    },
    onReconnected: () => hub.resyncAll(),
  });
  const tooMany = () => new RateLimited(60, LIVE_STATUS_TEXTS.tooManyStreams);
  const keyOrSession = createKeyOrSession(services);

  /** Who the stream is for: the key's workspace, or the session's; limits count per user or key. */
  const streamOwner = (request: FastifyRequest) => {
    if (request.apiKey) {
      const { keyId, keyHash, workspaceId, permissions } = request.apiKey;
      const key = { keyId, keyHash, ip: plainIp(request.ip), services: permissions };
      return { userId: `key:${keyId}`, workspaceId, sessionId: null, key, livemode: request.apiKey.livemode };
    }
    const { user, sessionId } = signedIn(request);
    const workspaceId = workspaceFor(request, 'useCalls').id;
    return { userId: user.id, workspaceId, sessionId, livemode: readLivemode(request) };
  };

  /** Where the stream's webhook events start: after `Last-Event-ID` when the store still has it, else now. */
  const startSeq = (request: FastifyRequest, workspaceId: string) => {
    const lastEventId = request.headers['last-event-id'];
    return streamStartSeq(
      services.db,
      workspaceId,
      typeof lastEventId === 'string' ? lastEventId : undefined,
    );
  };

  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      TASK_EVENTS_ROUTE.path,
      {
        // A browser's session cookie, or an API key (`conduit listen`): X-API-Key or Bearer.
        preHandler: keyOrSession.preHandler,
        compress: false,
        schema: appRouteSchema(TASK_EVENTS_ROUTE, ['events']),
      },
      async (request, reply) => {
        const owner = streamOwner(request);
        if (!hub.hasRoom(owner.userId)) throw tooMany();
        await listener.ready().catch((error) => {
          request.log.warn({ err: error }, 'event listener unavailable');
          throw new ServiceUnavailable('Live updates are unavailable right now');
        });
        const body = new PassThrough();
        const sink: StreamSink = {
          ...owner,
          lastSeq: await startSeq(request, owner.workspaceId),
          write: (text) => body.write(text),
          end: () => body.end(),
        };
        if (!hub.add(sink)) throw tooMany();
        reply.raw.once('close', () => {
          hub.remove(sink);
          body.destroy();
        });
        body.write(`retry: ${EVENT_STREAM_RETRY_MS}\n: connected\n\n`);
        // What happened since Last-Event-ID, before anything new.
        void hub.catchUp(owner.workspaceId);
        // The connection closes with the stream: a stream ended by a stop must not leave a
        // keep-alive connection behind for the server to wait on.
        return reply
          .header('connection', 'close')
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(body);
      },
    );
  };

  return {
    routes,
    endStreams: () => hub.endAll(),
    listen() {
      listener.ready().catch((error) => services.log.warn({ err: error }, 'event listener unavailable'));
    },
    async close() {
      hub.endAll();
      await listener.close();
    },
    openStreams: () => hub.size(),
  };
}
