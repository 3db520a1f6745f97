import pg from 'pg';
import type { Logger } from 'pino';
import { coalesce } from '../../platform/coalesce.ts';
import { type ChannelMessage, EVENTS_CHANNEL, packMessages } from '../../platform/events-channel.ts';
import type { TaskRow } from '../tasks/schema.ts';

/** How long a message waits for others to share its NOTIFY: well below what a person notices. */
const LINGER_MS = 15;

export interface EventPublisher {
  publish(message: ChannelMessage): void;
  /** Sends what is still queued and closes the publisher's connection (before the process stops). */
  close(): Promise<void>;
}

export const taskMessage = (
  task: Pick<TaskRow, 'id' | 'workspaceId' | 'service' | 'status'>,
): ChannelMessage => ({
  kind: 'task',
  workspaceId: task.workspaceId,
  taskId: task.id,
  service: task.service,
  status: task.status,
});

/**
 * The messages less the repeats of a workspace's "new events" message: it only tells a stream to
 * read its workspace's events from the store, and every event these messages announce committed
 * before they were published, so one such message per workspace reads them all. A busy account's
 * calls each announce their `task.started` event; a batch then carries one message for them, not
 * one per call (fewer bytes to send, and to parse in every listening process).
 */
export function withoutRepeatedEvents(messages: ChannelMessage[]): ChannelMessage[] {
  const announced = new Set<string>();
  return messages.filter((message) => {
    if (message.kind !== 'event') return true;
    if (announced.has(message.workspaceId)) return false;
    announced.add(message.workspaceId);
    return true;
  });
}

/**
 * Sends messages right after the write they describe has committed, outside its transaction: a
 * NOTIFY inside every paid call's transaction would serialise their commits on PostgreSQL's
 * notification queue lock. The messages are coalesced: while one NOTIFY is in flight the next
 * messages wait and then go together in one payload, so a busy process sends a few NOTIFYs a
 * second, not one per call; a first message also waits LINGER_MS for company, so a task's
 * creation and its quick settling (or the calls of a few clients) share one NOTIFY instead of
 * paying a round trip each.
 * A message lost to a crash between the commit and the NOTIFY costs a page a live update: pages
 * reload what they show whenever their stream reconnects. The NOTIFYs go over a connection of
 * their own, opened on first use: the request pool's connections stay with the requests.
 */
export function createEventPublisher(pool: pg.Pool, log: Logger): EventPublisher {
  let connection: Promise<pg.Client> | undefined;

  const connect = () => {
    connection ??= (async () => {
      const client = new pg.Client(pool.options);
      // A broken connection is dropped; the next message opens a new one.
      client.on('error', () => {
        connection = undefined;
      });
      await client.connect();
      return client;
    })();
    return connection;
  };

  const send = async (payload: string) => {
    try {
      const client = await connect();
      await client.query({
        name: 'conduit-notify-events',
        text: 'select pg_notify($1, $2)',
        values: [EVENTS_CHANNEL, payload],
      });
    } catch (error) {
      connection = undefined;
      log.warn({ err: error }, 'could not publish task events');
    }
  };

  const publish = coalesce<ChannelMessage>(
    async (messages) => {
      for (const payload of packMessages(withoutRepeatedEvents(messages))) await send(payload);
    },
    undefined,
    LINGER_MS,
  );

  return {
    publish,
    async close() {
      await publish.drained();
      const client = await connection?.catch(() => undefined);
      connection = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
