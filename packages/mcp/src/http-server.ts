import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_KEY_HEADER } from '@conduit/contracts';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { type ConduitMcpOptions, createConduitMcpServer } from './conduit-mcp-server.ts';

export const MCP_HTTP_PATH = '/mcp';
/** Host names a loopback server answers to: anything else is a DNS-rebinding page's request. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

export interface McpHttpOptions extends Omit<ConduitMcpOptions, 'apiKey'> {
  /** The key used when a request sends none (X-API-Key or Authorization: Bearer). */
  apiKey?: string;
  port: number;
  /** The address to listen on; loopback (127.0.0.1) unless told otherwise. */
  host: string;
  /** Host header names (no port) accepted; the loopback names by default, required off loopback. */
  allowedHosts?: string[];
  /** Origin header values accepted from browsers; by default this server's own loopback origins. */
  allowedOrigins?: string[];
}

const replyError = (
  response: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) =>
  response
    .status(status)
    .set(headers)
    .json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });

/** The caller's key: X-API-Key, or `Authorization: Bearer <key>` as remote MCP hosts send it. */
export function keyOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers[API_KEY_HEADER.toLowerCase()];
  const apiKey = Array.isArray(header) ? header[0] : header;
  if (apiKey) return apiKey;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return bearer?.[1];
}

/**
 * Streamable HTTP, stateless: each POST to /mcp gets a server and transport of its own, with the
 * caller's key (or the default key), so one process serves many keys and keeps no sessions.
 * DNS rebinding is refused by the SDK's own checks: the Host header (createMcpExpressApp's
 * host validation) and the Origin header (the transport's allowedOrigins), before any tool runs.
 */
export async function startMcpHttpServer(options: McpHttpOptions): Promise<{ url: string; server: Server }> {
  if (!isLoopback(options.host) && !options.allowedHosts?.length)
    throw new Error(
      `Listening on ${options.host} needs --allowed-hosts (the host names clients use): without it any web page could reach this server through DNS rebinding`,
    );
  const allowedHosts = options.allowedHosts?.length ? options.allowedHosts : LOOPBACK_HOSTS;
  const app = createMcpExpressApp({ host: options.host, allowedHosts });
  let allowedOrigins: string[] = [];

  app.all(MCP_HTTP_PATH, async (request: Request, response: Response) => {
    if (request.method !== 'POST')
      return replyError(response, 405, 'Method not allowed: POST JSON-RPC messages');
    const apiKey = keyOf(request.headers) || options.apiKey;
    if (!apiKey)
      return replyError(
        response,
        401,
        `Send your Conduit API key as ${API_KEY_HEADER} or Authorization: Bearer`,
        {
          'WWW-Authenticate': 'Bearer realm="conduit-mcp"',
        },
      );
    const mcp = createConduitMcpServer({ ...options, apiKey });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableDnsRebindingProtection: true,
      allowedOrigins,
    });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    try {
      await mcp.connect(transport);
      await transport.handleRequest(request, response, request.body);
    } catch (error) {
      if (!response.headersSent)
        replyError(response, 500, error instanceof Error ? error.message : 'Internal error');
    }
  });
  app.use((_request: Request, response: Response) =>
    replyError(response, 404, `Not found: the MCP endpoint is ${MCP_HTTP_PATH}`),
  );

  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  // Browsers send Origin; only pages served from this server's own names may call it.
  allowedOrigins = options.allowedOrigins?.length
    ? options.allowedOrigins
    : allowedHosts.flatMap((host) => [`http://${host}:${port}`, `https://${host}:${port}`]);
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { url: `http://${shownHost}:${port}${MCP_HTTP_PATH}`, server };
}
