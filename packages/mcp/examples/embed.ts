import { createConduitMcpServer } from '@conduit-api/mcp';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

// The Conduit tools in your own process, over stdio (or connect any other MCP transport).
const server = createConduitMcpServer({
  apiKey: process.env.CONDUIT_API_KEY ?? '',
  baseUrl: process.env.CONDUIT_BASE_URL ?? 'http://localhost:3000',
  waitSeconds: 30,
});
await server.connect(new StdioServerTransport());
