import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  calls: ReceivedCall[];
  /** The status the next calls are answered with (204 by default). */
  answerWith(status: number): void;
  /** The statuses the next calls to `path` get, one each, before the usual status again. */
  script(path: string, statuses: number[]): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that keeps every call it receives, as a customer's endpoint would. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  let status = 204;
  const scripts = new Map<string, number[]>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      calls.push({ path, headers: request.headers, body });
      const next = scripts.get(path)?.shift();
      response.writeHead(next ?? status).end(next && next >= 400 ? `refused with ${next}` : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answerWith: (next) => {
      status = next;
    },
    script: (path, statuses) => {
      scripts.set(path, [...statuses]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks headers of a received call, as `verifyWebhook` takes them. */
export const signatureHeaders = (call: ReceivedCall) => ({
  id: String(call.headers['webhook-id']),
  timestamp: String(call.headers['webhook-timestamp']),
  signature: String(call.headers['webhook-signature']),
});
