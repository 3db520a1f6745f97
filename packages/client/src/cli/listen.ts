import { EVENT_TYPES, type EventItem, type EventType } from '@conduit/contracts';
import { APIStatusError } from '../api-error.ts';
import { isWebhookEvent, webhookEventOf } from '../event-stream.ts';
import { signWebhook } from '../webhook-signature.ts';
import { type CliInput, type CommandContext, type CommandSpec, UsageError } from './command-spec.ts';
import { EXIT_CODES } from './exit-codes.ts';

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
const FORWARD_TIMEOUT_MS = 10_000;

function forwardUrlOf(input: CliInput): string {
  const url = input.values['forward-to'];
  if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url)) {
    throw new UsageError(
      '--forward-to needs the http(s) URL to post events to, e.g. http://localhost:8000/hook',
    );
  }
  return url;
}

function typesOf(input: CliInput): Set<EventType> | null {
  const value = input.values.events;
  if (typeof value !== 'string') return null;
  const types = value.split(',').map((type) => type.trim());
  const unknown = types.find((type) => !(EVENT_TYPES as readonly string[]).includes(type));
  if (unknown) throw new UsageError(`--events: ${unknown} is not an event type (${EVENT_TYPES.join(', ')})`);
  return new Set(types as EventType[]);
}

/** Posts one event to the local URL exactly as Conduit's webhooks would; answers the line to print. */
async function forward(url: string, secret: string, event: EventItem): Promise<string> {
  // The very body the webhooks post: the event's type, timestamp and data, in that order.
  const body = JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
  const timestampS = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const line = `${new Date().toISOString()}  ${event.type}  ${event.id}${event.isTest ? ' (test)' : ''}`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Conduit-CLI-Listen/1',
        'webhook-id': event.id,
        'webhook-timestamp': String(timestampS),
        'webhook-signature': signWebhook(secret, event.id, timestampS, body),
      },
      body,
    });
    await response.body?.cancel();
    return `${line}  -> ${response.status} (${Math.round(performance.now() - started)} ms)`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return `${line}  -> failed: ${cause ?? (error as Error).message}`;
  }
}

/**
 * `conduit listen --forward-to URL [--events a,b]`: streams the workspace's events with the key
 * and posts each to a local URL, signed with the workspace's webhook secret (Standard Webhooks),
 * one line per delivery. A dropped stream is resumed from the last event (Last-Event-ID), so none
 * is missed; Ctrl-C stops.
 */
async function listen({ input, io, client: clientOf }: CommandContext): Promise<number> {
  const url = forwardUrlOf(input);
  const types = typesOf(input);
  const client = clientOf();
  const { secret } = await client.getWebhookSecret();
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let lastEventId: string | undefined;
  let waitMs = RECONNECT_MIN_MS;
  try {
    while (!stop.signal.aborted) {
      try {
        const onOpen = () =>
          io.err(
            lastEventId
              ? `Reconnected: resuming after ${lastEventId}.`
              : `Ready: forwarding your events to ${url}, signed with your webhook secret (Ctrl-C to stop).`,
          );
        for await (const message of client.streamEvents({ lastEventId, signal: stop.signal, onOpen })) {
          waitMs = RECONNECT_MIN_MS;
          if (!isWebhookEvent(message)) continue;
          const event = webhookEventOf(message);
          lastEventId = event.id;
          if (types && !types.has(event.type)) continue;
          io.out(await forward(url, secret, event));
        }
      } catch (error) {
        if (stop.signal.aborted) break;
        if (
          error instanceof APIStatusError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429
        ) {
          throw error;
        }
        io.err(`The event stream dropped (${(error as Error).message}); reconnecting...`);
      }
      if (stop.signal.aborted) break;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      waitMs = Math.min(waitMs * 2, RECONNECT_MAX_MS);
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return EXIT_CODES.ok;
}

export const LISTEN_COMMAND: CommandSpec = {
  args: '',
  summary: 'Post your events to a local URL, signed with your webhook secret, one line each (Ctrl-C stops)',
  options: {
    'forward-to': {
      type: 'string',
      value: 'URL',
      help: 'where to post each event, e.g. http://localhost:8000/hook',
    },
    events: {
      type: 'string',
      value: 'TYPES',
      help: `only these event types, comma-separated (${EVENT_TYPES.join(', ')})`,
    },
  },
  examples: [
    'conduit listen --forward-to http://localhost:8000/hook',
    'conduit listen --forward-to http://localhost:8000/hook --events task.completed,task.failed',
  ],
  run: listen,
};
