import { API_ENDPOINTS, CURRENT_API_VERSION, findEndpoint } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { compileComponent, type OpenApiOperation } from '../../../test/openapi-schemas.ts';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { buildOpenApiDocument } from './build-openapi.ts';

const runtime = useTestRuntime();
const document = buildOpenApiDocument({ serverUrl: 'https://api.conduit.test' });

type HeaderObject = { $ref?: string; required?: boolean };
/** The headers a documented answer always carries: those its header objects (or their components) do not mark `required: false`. */
const requiredHeaderNamesOf = (response: { headers?: Record<string, unknown> } | undefined) =>
  Object.entries((response?.headers ?? {}) as Record<string, HeaderObject>)
    .filter(([, object]) => {
      const resolved = object.$ref
        ? (document.components?.headers as Record<string, HeaderObject> | undefined)?.[
            object.$ref.split('/').at(-1) as string
          ]
        : object;
      return resolved?.required !== false;
    })
    .map(([name]) => name.toLowerCase());

/**
 * Every catalogue endpoint called as a client would (its example body, an Idempotency-Key on paid
 * calls, the task its create answered): the answer has a documented status, its body is valid
 * against that status's schema, and it carries every header the document lists for it.
 */
describe('live answers against the OpenAPI document', () => {
  it('match the documented schema and headers of their status, endpoint by endpoint', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 200 });
    const taskIds = new Map<string, string>();
    for (const endpoint of API_ENDPOINTS) {
      const taskId = endpoint.statusOf ? taskIds.get(findEndpoint(endpoint.statusOf).id) : undefined;
      const isPaid = endpoint.method === 'POST' && endpoint.cost > 0;
      const response = await runtime.app.inject({
        method: endpoint.method,
        url: endpoint.path.replace('{taskId}', taskId ?? 'task_doesnotexist00'),
        headers: {
          'x-api-key': account.key,
          ...(isPaid && { 'idempotency-key': `live-${endpoint.id}-${account.keyId}` }),
        },
        ...(endpoint.exampleBody && { payload: endpoint.exampleBody }),
      });
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as OpenApiOperation;
      const documented = operation.responses[String(response.statusCode)];
      expect(documented, `${endpoint.id} answered an undocumented ${response.statusCode}`).toBeDefined();
      const validate = compileComponent(document, documented?.content?.['application/json']?.schema);
      const body = response.json();
      expect(validate(body), `${endpoint.id}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // A header the document marks `required: false` is sent only when it applies (a replay: the test below).
      for (const name of requiredHeaderNamesOf(documented)) {
        expect(response.headers[name], `${endpoint.id} ${response.statusCode}: ${name}`).toBeDefined();
      }
      expect(response.headers['conduit-version']).toBe(CURRENT_API_VERSION);
      if (isPaid) {
        expect(Number(response.headers['x-credits-charged']), endpoint.id).toBe(endpoint.cost);
        expect(response.headers['idempotent-replayed'], endpoint.id).toBeUndefined();
      }
      if (body.data?.taskId) taskIds.set(endpoint.id, body.data.taskId);
    }
  }, 120_000);

  it('answers a replayed paid call with nothing charged and says so', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const endpoint = findEndpoint('generateImage');
    const send = () =>
      runtime.app.inject({
        method: 'POST',
        url: endpoint.path,
        headers: { 'x-api-key': account.key, 'idempotency-key': 'replay-me' },
        payload: endpoint.exampleBody,
      });
    const first = await send();
    const replay = await send();
    expect(first.headers).toMatchObject({ 'x-credits-charged': '1', 'x-credits-remaining': '9' });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.headers).toMatchObject({ 'x-credits-charged': '1', 'idempotent-replayed': 'true' });
    expect(replay.headers['x-credits-remaining']).toBe('9');
    expect(replay.json().data.taskId).toBe(first.json().data.taskId);
  });

  it('pins a known version and refuses an unknown one before reading the key', async () => {
    const pinned = await runtime.app.inject({
      url: '/api/provider/me',
      headers: { 'conduit-version': CURRENT_API_VERSION },
    });
    expect(pinned.statusCode).toBe(401);
    expect(pinned.headers['conduit-version']).toBe(CURRENT_API_VERSION);
    const unknown = await runtime.app.inject({
      url: '/api/provider/me',
      headers: { 'conduit-version': '2020-01-01' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      field: 'Conduit-Version',
      error: expect.stringContaining(CURRENT_API_VERSION),
    });
    const elsewhere = await runtime.app.inject({ url: '/api/credits/packages' });
    expect(elsewhere.headers['conduit-version']).toBeUndefined();
    const document = await runtime.app.inject({ url: '/api/openapi.json' });
    expect(document.headers['conduit-version']).toBe(CURRENT_API_VERSION);
  });
});
