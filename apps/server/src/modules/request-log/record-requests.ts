import {
  API_ENDPOINTS,
  API_KEY_PREFIXES,
  OPENAI_BASE_PATH,
  OPENAI_ENDPOINTS,
  routerPath,
} from '@conduit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { plainIp } from '../../platform/ip-ranges.ts';
import { storableText } from '../../platform/text-safety.ts';
import { hashApiKey, isApiKeyShape } from '../keys/key-crypto.ts';
import { presentedKey } from '../provider/authenticate-key.ts';
import type { RequestLogEntry, RequestLogWriter } from './request-log-writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's request log writer; absent with REQUEST_LOG=off. */
    requestLog?: RequestLogWriter;
  }
  interface FastifyRequest {
    /** The task a public API request created (a paid call) or named; kept in the request log. */
    logTaskId?: string;
    /** A paid call's metadata, set by the charge once the body was accepted; kept in the request log. */
    logMetadata?: Record<string, string>;
  }
}

const PUBLIC_API_PREFIX = '/api/provider/';
/** Longer texts than any of ours came from the caller (a task id in the path): cut, not stored whole. */
const MAX_TEXT = 500;

/** The paid service of each catalogue route, by `METHOD /route/:pattern`. */
const serviceByRoute = new Map<string, string | null>([
  ...API_ENDPOINTS.map(
    (endpoint) => [`${endpoint.method} ${routerPath(endpoint.id)}`, endpoint.service] as const,
  ),
  // The OpenAI-compatible /v1 paid calls are the same services' calls.
  ...OPENAI_ENDPOINTS.map(
    (endpoint) =>
      [`${endpoint.method} ${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`, endpoint.service ?? null] as const,
  ),
]);

/** A caller's text cut to MAX_TEXT (which may split a surrogate pair) and made storable. */
const storableOrNull = (text: string | null | undefined) =>
  text === null || text === undefined ? null : storableText(text.slice(0, MAX_TEXT));

function entryOf(
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: string,
): RequestLogEntry | undefined {
  const identity = request.apiKey;
  let keyHash: string | null = null;
  let livemode = identity?.livemode ?? true;
  if (!identity) {
    // Refused before its key was read (401): recorded when the key is one of ours, even deleted.
    const key = presentedKey(request.headers);
    if (key === undefined || !isApiKeyShape(key)) return undefined;
    keyHash = hashApiKey(key);
    livemode = !key.startsWith(API_KEY_PREFIXES.test);
  }
  const ms = reply.elapsedTime;
  const taskId = request.logTaskId ?? (request.params as { taskId?: string } | undefined)?.taskId ?? null;
  return {
    atMs: Date.now() - ms,
    workspaceId: identity?.workspaceId ?? null,
    keyId: identity?.keyId ?? null,
    keyHash,
    method: request.method,
    endpoint,
    service: serviceByRoute.get(`${request.method} ${endpoint}`) ?? null,
    status: reply.statusCode,
    code: request.errorAnswer?.code ?? null,
    error: storableOrNull(request.errorAnswer?.message),
    ms,
    requestId: request.id,
    taskId: storableOrNull(taskId),
    ip: plainIp(request.ip),
    metadata: request.logMetadata ?? null,
    livemode,
  };
}

/**
 * Records every answered request to a public API route in memory, for the writer to store in
 * batches: nothing is awaited on the request's path.
 */
export function registerRequestLog(app: FastifyInstance, writer: RequestLogWriter) {
  app.decorate('requestLog', writer);
  app.addHook('onResponse', (request, reply, done) => {
    const endpoint = request.routeOptions.url;
    if (endpoint?.startsWith(PUBLIC_API_PREFIX) || endpoint?.startsWith(`${OPENAI_BASE_PATH}/`)) {
      const entry = entryOf(request, reply, endpoint);
      if (entry) writer.record(entry);
    }
    done();
  });
}
