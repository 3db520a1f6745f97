import { ConduitClient } from '@conduit/client';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerConduitTools } from './conduit-tools.ts';
import { registerTools } from './tool-kit.ts';
import { UPLOAD_TOOLS } from './upload-tools.ts';
import { VERSION } from './version.ts';

export const MCP_SERVER_NAME = 'conduit';
export const MCP_SERVER_VERSION = VERSION;
export const DEFAULT_BASE_URL = 'http://localhost:3000';
export const DEFAULT_WAIT_SECONDS = 45;
const POLL_MS = 1_000;

export interface ConduitMcpOptions {
  apiKey: string;
  baseUrl: string;
  /** How long a tool waits for a long task before answering its task id; 45 s by default. */
  waitSeconds?: number;
  pollMs?: number;
  /** Retries of a failed API call (429, 5xx, no answer); the client's 2 by default. */
  maxRetries?: number;
  /** Offers upload_file, which reads this machine's files: the stdio server only, never over HTTP. */
  localFiles?: boolean;
}

/** An MCP server whose tools call the Conduit API with one key. */
export function createConduitMcpServer(options: ConduitMcpOptions): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION });
  const client = new ConduitClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
  });
  const context = {
    client,
    waitSeconds: options.waitSeconds ?? DEFAULT_WAIT_SECONDS,
    pollMs: options.pollMs ?? POLL_MS,
  };
  registerConduitTools(server, context);
  if (options.localFiles) registerTools(server, UPLOAD_TOOLS, context);
  return server;
}
