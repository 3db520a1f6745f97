import pg from 'pg';
import type { Logger } from 'pino';
import { type ChannelMessage, EVENTS_CHANNEL, parseMessages } from '../../platform/events-channel.ts';

export interface EventListener {
  /** Resolves once this process LISTENs (connecting on first use); rejects if the database cannot be reached. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface ListenerOptions {
  connectionString: string;
  log: Logger;
  onMessages: (messages: ChannelMessage[]) => void;
  /** Called after a lost connection is back: messages sent meanwhile were missed. */
  onReconnected: () => void;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * The process's one LISTEN connection, its own (not a pooled one, which would go back to the
 * pool and stop listening). Opened when the first stream needs it; reopened with back-off when
 * the database drops it.
 */
export function createEventListener(options: ListenerOptions): EventListener {
  const { log } = options;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let hasConnected = false;
  let isClosed = false;

  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'conduit-events',
    });
    next.on('notification', (notification) => {
      if (notification.channel === EVENTS_CHANNEL && notification.payload) {
        options.onMessages(parseMessages(notification.payload));
      }
    });
    next.on('error', (error) => log.warn({ err: error }, 'event listener connection failed'));
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      scheduleReconnect(0);
    });
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (isClosed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (hasConnected) options.onReconnected();
    hasConnected = true;
  };

  const start = () => {
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  function scheduleReconnect(attempt: number) {
    if (isClosed) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt);
    retryTimer = setTimeout(() => {
      start().catch((error) => {
        log.warn({ err: error, attempt }, 'event listener could not reconnect');
        scheduleReconnect(attempt + 1);
      });
    }, delay);
    retryTimer.unref();
  }

  return {
    ready: () => (client ? Promise.resolve() : start()),
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      await connecting?.catch(() => {});
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
