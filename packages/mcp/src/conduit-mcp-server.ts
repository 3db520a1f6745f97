import { ConduitClient } from '@conduit/client';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerConduitTools } from './conduit-tools.ts';

export const MCP_SERVER_NAME = 'conduit';
export const MCP_SERVER_VERSION = '0.1.0';
export const DEFAULT_BASE_URL = 'http://localhost:3000';
export const DEFAULT_WAIT_SECONDS = 45;
const POLL_MS = 1_000;

export interface ConduitMcpOptions {
  apiKey: string;
  baseUrl: string;
  /** How long a tool waits for a long task before answering its task id; 45 s by default. */
  waitSeconds?: number;
  pollMs?: number;
}

/** An MCP server whose tools call the Conduit API with one key. */
export function createConduitMcpServer(options: ConduitMcpOptions): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION });
  registerConduitTools(server, {
    client: new ConduitClient({ apiKey: options.apiKey, baseUrl: options.baseUrl }),
    waitSeconds: options.waitSeconds ?? DEFAULT_WAIT_SECONDS,
    pollMs: options.pollMs ?? POLL_MS,
  });
  return server;
}
