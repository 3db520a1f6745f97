import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BODY_LIMIT_BYTES } from '../../src/app.ts';
import {
  brokenJson,
  contentType,
  describeRequest,
  fillPath,
  type HostileRequest,
  headerValue,
  hostileBody,
  type KnownIds,
  pathSegment,
  queryString,
} from './hostile-input.ts';

/**
 * One seed for every run, so CI replays the same requests; FUZZ_SEED=<n> replays another run
 * (fast-check prints the seed and the shrunk counterexample of a failure). FUZZ_RUNS scales the
 * number of requests (1 = the committed budget).
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS_SCALE = Number(process.env.FUZZ_RUNS ?? 1);
export const runsOf = (base: number) => Math.max(1, Math.round(base * RUNS_SCALE));

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** A valid body the mutations start from. */
  body?: Record<string, unknown>;
  /** Values worth trying for a field besides junk (valid ones, boundary ones). */
  fields?: Record<string, fc.Arbitrary<unknown>>;
}

export interface Credentials {
  /** Headers of a signed-in caller (a key, or a session cookie). */
  valid: fc.Arbitrary<Record<string, string>>;
  /** The header name a forged or broken credential goes in. */
  header: 'x-api-key' | 'cookie';
}

/** One oversized body, shared: a megabyte of padding costs nothing to generate again. */
const OVERSIZED_BODY = JSON.stringify({ prompt: 'x'.repeat(BODY_LIMIT_BYTES + 10) });

/** `value` once in `oneIn` requests, else null. */
const rarely = <T>(value: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

function payloadFor(endpoint: Endpoint): fc.Arbitrary<string | undefined> {
  const json = hostileBody(endpoint.body ?? {}, endpoint.fields).map((body) => JSON.stringify(body));
  if (!hasBody(endpoint.method)) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: json },
      { weight: 1, arbitrary: fc.constant(OVERSIZED_BODY) },
    );
  }
  return fc.oneof(
    { weight: 12, arbitrary: json },
    { weight: 3, arbitrary: brokenJson },
    { weight: 1, arbitrary: fc.constant(OVERSIZED_BODY) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Requests to one endpoint: its params, query, body, content type and headers all hostile at times. */
export function hostileRequest(
  endpoint: Endpoint,
  known: KnownIds,
  credentials: Credentials | undefined,
  publicUrl: string,
): fc.Arbitrary<HostileRequest> {
  const params = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
  return fc
    .record({
      segments: fc.record(Object.fromEntries(params.map((name) => [name, pathSegment(known[name] ?? [])]))),
      query: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryString }),
      payload: payloadFor(endpoint),
      type: fc.oneof(
        { weight: 6, arbitrary: fc.constant<string | undefined>('application/json') },
        { weight: 2, arbitrary: contentType },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      auth: fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'missing', 'forged'),
      validHeaders: credentials?.valid ?? fc.constant({}),
      forged: headerValue,
      // A few fixed keys come back again and again: replays (no second charge) and reuse with
      // another body or service (409) happen, not only never-seen keys.
      idempotencyKey: rarely(
        fc.oneof(headerValue, fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'fuzz-key-3')),
        3,
      ),
      contentLength: rarely(fc.constantFrom('0', '1', '-1', 'abc', '99999999999', '1e3', ' 5', '5, 6'), 20),
      origin: rarely(fc.constantFrom(publicUrl, 'null', 'https://evil.example'), 6),
      method: rarely(fc.constantFrom('PUT', 'PATCH', 'DELETE', 'POST', 'GET', 'HEAD', 'OPTIONS'), 25),
      accept: rarely(fc.oneof(headerValue, fc.constantFrom('text/html', '*/*', 'application/json;q=0')), 10),
      acceptEncoding: rarely(
        fc.oneof(headerValue, fc.constantFrom('br;q=1.1, gzip;q=-1', 'identity;q=0', '*')),
        10,
      ),
    })
    .map((draft) => {
      const headers: Record<string, string> = {};
      if (draft.auth === 'valid') Object.assign(headers, draft.validHeaders);
      if (credentials && draft.auth === 'forged') {
        headers[credentials.header] =
          credentials.header === 'cookie' ? `conduit_session=${draft.forged}` : draft.forged;
      }
      if (draft.payload !== undefined && draft.type !== undefined) headers['content-type'] = draft.type;
      if (draft.idempotencyKey !== null) headers['idempotency-key'] = draft.idempotencyKey;
      if (draft.contentLength !== null) headers['content-length'] = draft.contentLength;
      if (draft.origin !== null) headers.origin = draft.origin;
      if (draft.accept !== null) headers.accept = draft.accept;
      if (draft.acceptEncoding !== null) headers['accept-encoding'] = draft.acceptEncoding;
      const path = fillPath(endpoint.path, draft.segments);
      const request: HostileRequest = {
        method: draft.method ?? endpoint.method,
        url: draft.query ? `${path}?${draft.query}` : path,
        headers,
        ...(draft.payload !== undefined && { payload: draft.payload }),
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

/** The answer's body as text, decompressed when the fuzzer asked for br or gzip. */
export function bodyTextOf(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** The answer's JSON body, or undefined when it has none. */
export function jsonOf(response: LightMyRequestResponse): Record<string, unknown> | undefined {
  const text = bodyTextOf(response);
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

export function send(app: FastifyInstance, request: HostileRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined && { payload: request.payload }),
  });
}

/**
 * The properties every answer keeps: never a 5xx, the security headers, and an error in the one
 * shape of docs/product.md, "Error answers" (`success: false` added on the public API).
 */
export function assertWellFormedAnswer(request: HostileRequest, response: LightMyRequestResponse) {
  const fail = (why: string) => {
    throw new Error(
      `${why}: ${response.statusCode} ${response.body.slice(0, 300)}\n  for ${describeRequest(request)}`,
    );
  };
  if (response.statusCode >= 500) fail('server error');
  if (!response.headers['content-security-policy']) fail('no Content-Security-Policy');
  if (response.headers['x-content-type-options'] !== 'nosniff') fail('no X-Content-Type-Options');
  // A HEAD answer has the status and headers of the GET, without its body.
  if (response.statusCode < 400 || request.method === 'HEAD') return;
  let body: Record<string, unknown>;
  try {
    body = jsonOf(response) ?? {};
  } catch {
    return fail('error answer is not JSON');
  }
  if (typeof body.error !== 'string' || body.error.length === 0) fail('error answer without `error`');
  if (typeof body.code !== 'string' || !/^[A-Z][A-Z_]+$/.test(body.code))
    fail('error answer without a `code`');
  if (typeof body.requestId !== 'string' || body.requestId !== response.headers['x-request-id']) {
    fail('error answer without its `requestId`');
  }
  // inject resolves dot segments as a URL parser would (/api/provider/.. is /api/).
  const path = new URL(request.url, 'http://localhost').pathname;
  if (path.startsWith('/api/provider/') && body.success !== false)
    fail('public API error without success:false');
  if (response.statusCode === 413 && body.code !== 'PAYLOAD_TOO_LARGE') fail('413 without PAYLOAD_TOO_LARGE');
}

export function fuzzOptions(numRuns: number): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns, endOnFailure: false };
}
