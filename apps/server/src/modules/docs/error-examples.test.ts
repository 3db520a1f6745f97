import { API_ENDPOINTS, type ApiEndpoint, CURRENT_API_VERSION, findEndpoint } from '@conduit/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { compileComponent, type OpenApiOperation } from '../../../test/openapi-schemas.ts';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { FAIL_MARKER, LINKEDIN_FAIL_PREFIX } from '../engines/local-engine.ts';
import { buildOpenApiDocument, COUNTED_ERROR_STATUSES } from './build-openapi.ts';
import { errorExamplesOf } from './error-examples.ts';

// The local engine, as `npm start` runs it: its failures are the documented 502 examples.
// One trusted proxy hop, so the IP allow-list example can come from the documented address.
const runtime = useTestRuntime({ TRUST_PROXY: '1' });

const document = buildOpenApiDocument({ serverUrl: 'https://api.example.test' });
/** A validator of the answer schema the document gives this endpoint's `status`. */
function documentedSchemaOf(endpoint: ApiEndpoint, status: number) {
  const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as OpenApiOperation;
  return compileComponent(document, operation.responses[status]?.content?.['application/json']?.schema);
}

/** Examples no request can provoke on a healthy server; the mapper's tests cover their shape. */
const UNPROVOKABLE = new Set(['internal', 'unavailable']);

const urlOf = (endpoint: ApiEndpoint, taskId = 'task_doesnotexist00') =>
  endpoint.path.replace('{taskId}', taskId);

/** Another valid body: the first string field changed. */
function otherBody(body: Record<string, unknown>) {
  const [field, value] = Object.entries(body).find(([, item]) => typeof item === 'string') ?? [];
  return { ...body, [String(field)]: `${value}x` };
}

const failingBody: Record<string, Record<string, unknown>> = {
  image: { prompt: `A lighthouse ${FAIL_MARKER}` },
  sora: { video_url: `https://sora.chatgpt.com/p/s_${FAIL_MARKER}` },
  linkedin: { username: `${LINKEDIN_FAIL_PREFIX}someone` },
};

async function provoke(endpoint: ApiEndpoint, example: string): Promise<LightMyRequestResponse> {
  const { app, services } = runtime;
  const send = (key: string | undefined, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: { ...(key && { 'x-api-key': key }), ...headers },
      ...(payload !== undefined && { payload: payload as object }),
    });
  const account = await createPaidAccount(services, {
    credits: example === 'credits' ? endpoint.cost - 1 : 100,
  });
  switch (example) {
    case 'missing':
      return send(undefined, endpoint.exampleBody);
    case 'invalid':
      return send(`${account.key.slice(0, -4)}zzzz`, endpoint.exampleBody);
    case 'validation':
      if (endpoint.mode === 'list') {
        return app.inject({ url: `${urlOf(endpoint)}?status=done`, headers: { 'x-api-key': account.key } });
      }
      if (endpoint.query) {
        return app.inject({ url: `${urlOf(endpoint)}?limit=0`, headers: { 'x-api-key': account.key } });
      }
      return endpoint.body
        ? send(account.key, {})
        : app.inject({
            method: endpoint.method,
            url: urlOf(endpoint, 'x'.repeat(65)),
            headers: { 'x-api-key': account.key },
          });
    case 'version':
      return send(account.key, endpoint.exampleBody, { 'conduit-version': '2019-01-01' });
    case 'priceAboveMax':
      return send(account.key, { ...endpoint.exampleBody, maxCredits: endpoint.cost - 1 });
    case 'settled': {
      // A task canceled once, then again.
      const created = await app.inject({
        method: 'POST',
        url: findEndpoint('createVideo').path,
        headers: { 'x-api-key': account.key },
        payload: findEndpoint('createVideo').exampleBody as object,
      });
      const url = urlOf(endpoint, created.json().data.taskId);
      expect(
        (await app.inject({ method: 'POST', url, headers: { 'x-api-key': account.key } })).statusCode,
      ).toBe(200);
      return app.inject({ method: 'POST', url, headers: { 'x-api-key': account.key } });
    }
    case 'cursor': {
      const cursor = Buffer.from('2026-01-01 00:00:00|task_x').toString('base64url');
      return app.inject({
        url: `${urlOf(endpoint)}?cursor=${cursor}`,
        headers: { 'x-api-key': account.key },
      });
    }
    case 'malformed':
      return send(account.key, '{"prompt": ', { 'content-type': 'application/json' });
    case 'credits':
      return send(account.key, endpoint.exampleBody);
    case 'scope':
      await services.pool.query(`update api_keys set permissions = '{}' where id = $1`, [account.keyId]);
      return send(account.key, endpoint.exampleBody);
    case 'spendLimit':
      await services.pool.query(
        `update api_keys set spend_limit_credits = 100, spend_limit_period = 'day', spent_credits = 100,
                spent_period = to_char(now() at time zone 'UTC', 'YYYY-MM-DD') where id = $1`,
        [account.keyId],
      );
      return send(account.key, endpoint.exampleBody);
    case 'expired':
      await services.pool.query(
        `update api_keys set expires_at = now() - interval '1 minute' where id = $1`,
        [account.keyId],
      );
      return send(account.key, endpoint.exampleBody);
    case 'ipNotAllowed':
      await services.pool.query(`update api_keys set ip_allowlist = '{203.0.113.0/24}' where id = $1`, [
        account.keyId,
      ]);
      return send(account.key, endpoint.exampleBody, { 'x-forwarded-for': '198.51.100.7' });
    case 'idempotency': {
      const headers = { 'idempotency-key': `retry-${account.keyId}` };
      expect((await send(account.key, endpoint.exampleBody, headers)).statusCode).toBeLessThan(300);
      return send(account.key, otherBody(endpoint.exampleBody ?? {}), headers);
    }
    case 'tooLarge':
      return send(account.key, { ...endpoint.exampleBody, padding: 'x'.repeat(1_100_000) });
    case 'notFound':
      return send(account.key);
    case 'upstream':
      return send(account.key, failingBody[endpoint.service ?? '']);
    case 'rateLimited': {
      let response = await send(account.key);
      for (let i = 0; i < 60 && response.statusCode !== 429; i += 1) response = await send(account.key);
      return response;
    }
    default:
      throw new Error(`No way to provoke the "${example}" example`);
  }
}

describe('documented error examples', () => {
  it.each(API_ENDPOINTS.map((endpoint) => [endpoint.id]))(
    '%s: every provokable example is the body the server answers',
    async (id) => {
      const endpoint = findEndpoint(id);
      const checked: string[] = [];
      for (const [status, examples] of errorExamplesOf(endpoint)) {
        for (const [name, { value }] of Object.entries(examples)) {
          if (UNPROVOKABLE.has(name)) continue;
          // One account per example; the rate-limit example needs 61 calls, so it runs once.
          if (name === 'rateLimited' && endpoint.id !== 'getAccount') continue;
          const response = await provoke(endpoint, name);
          const body = response.json();
          expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
          const expected = {
            ...value,
            requestId: body.requestId,
            ...((name === 'upstream' || name === 'settled') && { taskId: body.taskId }),
            ...(name === 'rateLimited' && { retryAfter: body.retryAfter }),
            // The example's period ends at its own date's midnight; the call's at today's.
            ...(name === 'spendLimit' && { resetsAt: body.resetsAt }),
          };
          expect(body, name).toEqual(expected);
          // The live answer, not just the example, is what the document promises for this status.
          const validate = documentedSchemaOf(endpoint, status);
          expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
          expect(response.headers['conduit-version'], name).toBe(CURRENT_API_VERSION);
          expect(body.requestId).toBe(response.headers['x-request-id']);
          // A 400 is counted or not depending on whether the body could be read, so it documents neither.
          if (status !== 400) {
            const isCounted = COUNTED_ERROR_STATUSES.has(status);
            expect(response.headers.ratelimit !== undefined, `${name}: RateLimit header`).toBe(isCounted);
          }
          if (name === 'rateLimited') {
            expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
            expect(body.retryAfter).toBeGreaterThan(0);
          }
          checked.push(name);
        }
      }
      // A public endpoint (the model list) has no key to miss.
      expect(checked).toContain(endpoint.isPublic ? 'version' : 'missing');
    },
    120_000,
  );
});
