import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type JsonBody = Record<string, unknown>;

/** The request's body read whole; `undefined` when empty. */
export async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : Buffer.concat(chunks).toString('utf8');
}

/** The request's JSON body; `undefined` when empty or not JSON. */
export async function readJson(request: IncomingMessage): Promise<JsonBody | undefined> {
  const text = await readBody(request);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function replyJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/**
 * An upstream's stand-in on a free port of 127.0.0.1: each request goes to `handle`; one that
 * throws is answered 500 with `errorBody(error)` (the upstream's own error shape). `close` drops
 * kept-alive connections first, so a test never waits on a client's idle socket.
 */
export async function startLocalServer(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>,
  errorBody: (error: unknown) => unknown,
): Promise<LocalServer> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) replyJson(response, 500, errorBody(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
