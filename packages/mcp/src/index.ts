export {
  type ConduitMcpOptions,
  createConduitMcpServer,
  DEFAULT_BASE_URL,
  DEFAULT_WAIT_SECONDS,
} from './conduit-mcp-server.ts';
export { registerConduitTools } from './conduit-tools.ts';
export { MCP_HTTP_PATH, type McpHttpOptions, startMcpHttpServer } from './http-server.ts';
