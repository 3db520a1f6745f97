export {
  type ConduitMcpOptions,
  createConduitMcpServer,
  DEFAULT_BASE_URL,
  DEFAULT_WAIT_SECONDS,
  MCP_SERVER_NAME,
  MCP_SERVER_VERSION,
} from './conduit-mcp-server.ts';
export { CONDUIT_TOOLS, type ConduitToolsOptions, registerConduitTools } from './conduit-tools.ts';
export {
  keyOf,
  LOOPBACK_HOSTS,
  MCP_HTTP_PATH,
  type McpHttpOptions,
  startMcpHttpServer,
} from './http-server.ts';
export type { ConduitTool, ToolAnswer, ToolContext } from './tool-kit.ts';
export { VERSION } from './version.ts';
