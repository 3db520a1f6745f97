#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createConduitMcpServer, DEFAULT_BASE_URL, DEFAULT_WAIT_SECONDS } from './conduit-mcp-server.ts';
import { startMcpHttpServer } from './http-server.ts';

const USAGE = `Usage: conduit-mcp [--http] [--port 8787] [--host 127.0.0.1] [--base-url URL] [--wait-seconds ${DEFAULT_WAIT_SECONDS}]

Without --http it speaks MCP over stdio with the key in CONDUIT_API_KEY. With --http it serves
streamable HTTP at /mcp; each request's X-API-Key header (or CONDUIT_API_KEY) is the key.
CONDUIT_BASE_URL (or --base-url) is the Conduit server, ${DEFAULT_BASE_URL} by default.`;

const { values } = parseArgs({
  options: {
    http: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'base-url': { type: 'string', default: process.env.CONDUIT_BASE_URL ?? DEFAULT_BASE_URL },
    'wait-seconds': {
      type: 'string',
      default: process.env.CONDUIT_MCP_WAIT_SECONDS ?? String(DEFAULT_WAIT_SECONDS),
    },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const waitSeconds = Number(values['wait-seconds']);
if (!Number.isFinite(waitSeconds) || waitSeconds < 0) fail('--wait-seconds must be a number of seconds');
const apiKey = process.env.CONDUIT_API_KEY;
const baseUrl = values['base-url'];

if (values.http) {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail('--port must be a port number');
  const { url } = await startMcpHttpServer({ apiKey, baseUrl, waitSeconds, port, host: values.host });
  process.stderr.write(`Conduit MCP server on ${url} (API: ${baseUrl})\n`);
} else {
  if (!apiKey) fail('Set CONDUIT_API_KEY to your Conduit API key');
  await createConduitMcpServer({ apiKey, baseUrl, waitSeconds }).connect(new StdioServerTransport());
}
