#!/usr/bin/env node
// The `conduit-mcp` command: MCP over stdio (as agent hosts start it) or streamable HTTP (--http).
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createConduitMcpServer, DEFAULT_BASE_URL, DEFAULT_WAIT_SECONDS } from './conduit-mcp-server.ts';
import { startMcpHttpServer } from './http-server.ts';
import { VERSION } from './version.ts';

const USAGE = `Usage: conduit-mcp [--http [--port 8787] [--host 127.0.0.1] [--allowed-hosts a,b]
                    [--allowed-origins URL,URL]] [--base-url URL] [--wait-seconds ${DEFAULT_WAIT_SECONDS}]
                    [--max-retries 2] [--version]

Without --http it speaks MCP over stdio with the key in CONDUIT_API_KEY. With --http it serves
streamable HTTP at /mcp on loopback; each request's X-API-Key or Authorization: Bearer header
(else CONDUIT_API_KEY) is the key, and a request with neither is answered 401. Requests whose
Host is not one of --allowed-hosts (CONDUIT_MCP_ALLOWED_HOSTS; localhost, 127.0.0.1 and [::1] by
default) or whose Origin is not one of --allowed-origins (CONDUIT_MCP_ALLOWED_ORIGINS; this
server's own origins by default) are refused with 403. Listening off loopback needs --allowed-hosts.
CONDUIT_BASE_URL (or --base-url) is the Conduit server, ${DEFAULT_BASE_URL} by default.`;

const env = process.env;
const { values } = parseArgs({
  options: {
    http: { type: 'boolean', default: false },
    port: { type: 'string', default: env.PORT ?? '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'allowed-hosts': { type: 'string', default: env.CONDUIT_MCP_ALLOWED_HOSTS ?? '' },
    'allowed-origins': { type: 'string', default: env.CONDUIT_MCP_ALLOWED_ORIGINS ?? '' },
    'base-url': { type: 'string', default: env.CONDUIT_BASE_URL ?? DEFAULT_BASE_URL },
    'wait-seconds': { type: 'string', default: env.CONDUIT_MCP_WAIT_SECONDS ?? String(DEFAULT_WAIT_SECONDS) },
    'max-retries': { type: 'string', default: env.CONDUIT_MAX_RETRIES ?? '2' },
    version: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}
const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (values.version) {
  process.stdout.write(`${VERSION}\n`);
  process.exit(0);
}
const waitSeconds = Number(values['wait-seconds']);
if (!Number.isFinite(waitSeconds) || waitSeconds < 0) fail('--wait-seconds must be a number of seconds');
const maxRetries = Number(values['max-retries']);
if (!Number.isInteger(maxRetries) || maxRetries < 0) fail('--max-retries must be a whole number');
const apiKey = env.CONDUIT_API_KEY;
const baseUrl = values['base-url'];

if (values.http) {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail('--port must be a port number');
  const { url } = await startMcpHttpServer({
    apiKey,
    baseUrl,
    waitSeconds,
    maxRetries,
    port,
    host: values.host,
    allowedHosts: listOf(values['allowed-hosts']),
    allowedOrigins: listOf(values['allowed-origins']),
  }).catch((error: Error) => fail(error.message));
  process.stderr.write(`Conduit MCP server on ${url} (API: ${baseUrl})\n`);
} else {
  if (!apiKey) fail('Set CONDUIT_API_KEY to your Conduit API key');
  await createConduitMcpServer({ apiKey, baseUrl, waitSeconds, maxRetries, localFiles: true }).connect(
    new StdioServerTransport(),
  );
}
