import type { EventItem } from '@conduit/contracts';

/** One Server-Sent Event: its name, data and id (webhook events carry their `evt_` id). */
export interface StreamedEvent {
  id?: string;
  event: string;
  data: string;
}

/** The events of a text/event-stream body, as they arrive (comments and `retry:` skipped). */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamedEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        fields[name] = name in fields ? `${fields[name]}\n${value}` : value;
      }
      if (fields.data !== undefined)
        yield { id: fields.id, event: fields.event ?? 'message', data: fields.data };
    }
  }
}

/** A workspace webhook event from the stream: the events API's item (its id, type, timestamp, data). */
export const isWebhookEvent = (event: StreamedEvent) => event.id?.startsWith('evt_') === true;
export const webhookEventOf = (event: StreamedEvent) => JSON.parse(event.data) as EventItem;
