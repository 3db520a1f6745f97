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
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that keeps every call it receives, as a customer's endpoint would. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  let status = 204;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      calls.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answerWith: (next) => {
      status = next;
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
