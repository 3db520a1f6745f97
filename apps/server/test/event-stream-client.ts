import { TASK_EVENTS_ROUTE } from '@conduit/contracts';
import { Agent, fetch } from 'undici';

export interface ReceivedEvent {
  event: string;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  events: ReceivedEvent[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  /** Waits until an event matches, or fails after `timeoutMs`. */
  waitFor(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/**
 * A browser's EventSource, reduced to what tests need: opens `GET /api/events` and parses what
 * arrives. Each stream has a connection of its own, as a browser tab's would, so the test's other
 * requests never queue behind a stream (and leave no spare connection open when the server stops).
 */
export async function openEventStream(
  baseUrl: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const agent = new Agent({ connections: 1 });
  const response = await fetch(`${baseUrl}${TASK_EVENTS_ROUTE.path}`, {
    headers: { accept: 'text/event-stream', ...(cookie && { cookie }), ...headers },
    signal: abort.signal,
    dispatcher: agent,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const client: EventStreamClient = {
    status: response.status,
    events,
    comments,
    ended: Promise.resolve(),
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => {
      abort.abort();
      void agent.destroy();
    },
  };
  if (!response.ok || !response.body) {
    await response.arrayBuffer().catch(() => undefined);
    await agent.close();
    return client;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) name = line.slice('event: '.length);
            else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
          }
          if (data.length > 0) events.push({ event: name, data: JSON.parse(data.join('\n')) });
        }
        for (const waiter of [...waiters]) waiter();
      }
    } catch {
      // Aborted by the test, or the connection dropped: the stream is over either way.
    } finally {
      void agent.destroy();
    }
  })();
  return client;
}
