import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_KEY_HEADER } from '@conduit/contracts';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { type ConduitMcpOptions, createConduitMcpServer } from './conduit-mcp-server.ts';

export const MCP_HTTP_PATH = '/mcp';

export interface McpHttpOptions extends Omit<ConduitMcpOptions, 'apiKey'> {
  /** The key used when a request sends none in X-API-Key. */
  apiKey?: string;
  port: number;
  host: string;
}

const replyError = (response: import('node:http').ServerResponse, status: number, message: string) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
};

/**
 * Streamable HTTP, stateless: each POST to /mcp gets a server and transport of its own, with the
 * caller's X-API-Key (or the default key), so one process serves many keys and keeps no sessions.
 */
export async function startMcpHttpServer(options: McpHttpOptions): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_HTTP_PATH)
      return replyError(response, 404, `Not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
    if (request.method !== 'POST')
      return replyError(response, 405, 'Method not allowed: POST JSON-RPC messages');
    const header = request.headers[API_KEY_HEADER.toLowerCase()];
    const apiKey = (Array.isArray(header) ? header[0] : header) || options.apiKey;
    if (!apiKey)
      return replyError(response, 401, `Send your Conduit API key in the ${API_KEY_HEADER} header`);
    const mcp = createConduitMcpServer({ ...options, apiKey });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    try {
      await mcp.connect(transport);
      await transport.handleRequest(request, response);
    } catch (error) {
      if (!response.headersSent)
        replyError(response, 500, error instanceof Error ? error.message : 'Internal error');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${options.host}:${port}${MCP_HTTP_PATH}`, server };
}
