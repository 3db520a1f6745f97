import { ConduitApiError, ConduitClient } from '@conduit/client';
import { API_ENDPOINTS, findEndpoint } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './build-openapi.ts';

const BASE_URL = 'https://api.example.test';
const document = buildOpenApiDocument({ serverUrl: BASE_URL });
// Methods that are not endpoints: the waiter, downloads, the generic call and list helpers, and the
// webhook tools' app routes (test events, the secret, the event stream).
const HELPERS = new Set([
  'constructor',
  'waitForTask',
  'downloadFile',
  'saveFile',
  'request',
  'paginate',
  'sendTestEvent',
  'getWebhookSecret',
  'streamEvents',
  'resolveInputs',
]);

// Result files are plain downloads at the URLs answers give, not a client method.
const apiPaths = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/'));
const operations = apiPaths.flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    path,
    method: method.toUpperCase(),
    operationId: (operation as { operationId: string }).operationId,
  })),
);

/** The catalogue's operations (the upload operations are tested on their own below). */
const catalogueOperations = operations.filter((operation) =>
  API_ENDPOINTS.some((endpoint) => endpoint.id === operation.operationId),
);

interface Recorded {
  method: string;
  url: string;
  headers: Headers;
  body?: string;
}

/** A client whose fetch records the request and answers `answer`. */
function recordingClient(answer: () => Response = () => Response.json({ success: true, data: {} })) {
  const requests: Recorded[] = [];
  const client = new ConduitClient({
    apiKey: 'cnd_live_test',
    baseUrl: `${BASE_URL}/`,
    // One answer per call: these tests read what was sent and thrown (client-retries.test.ts retries).
    maxRetries: 0,
    fetch: async (input, init) => {
      requests.push({
        method: String(init?.method),
        url: String(input),
        headers: new Headers(init?.headers),
        body: init?.body as string | undefined,
      });
      return answer();
    },
  });
  return { client, requests };
}

type AnyMethod = (first?: unknown, options?: unknown) => Promise<unknown>;
const methodOf = (client: ConduitClient, name: string) =>
  (client as unknown as Record<string, AnyMethod>)[name]?.bind(client);
const clientMethods = Object.getOwnPropertyNames(ConduitClient.prototype).filter(
  (name) => !HELPERS.has(name),
);

describe('@conduit/client against the OpenAPI document', () => {
  it('has one method per operationId, and no method without an operation', () => {
    expect(clientMethods.sort()).toEqual(operations.map((operation) => operation.operationId).sort());
  });

  it.each(catalogueOperations)('$operationId sends $method $path with the key', async (operation) => {
    const { client, requests } = recordingClient();
    const endpoint = findEndpoint(operation.operationId);
    const first = endpoint.path.includes('{taskId}') ? 'task_abc/def' : endpoint.exampleBody;
    await methodOf(client, operation.operationId)?.(first, { idempotencyKey: 'retry-1' });
    expect(requests).toHaveLength(1);
    const [request] = requests as [Recorded];
    expect(request.method).toBe(operation.method);
    expect(request.url).toBe(`${BASE_URL}${operation.path.replace('{taskId}', 'task_abc%2Fdef')}`);
    expect(request.headers.get('x-api-key')).toBe('cnd_live_test');
    if (endpoint.body) expect(JSON.parse(request.body ?? '')).toEqual(endpoint.exampleBody);
    else expect(request.body).toBeUndefined();
    const isPaid = operation.method === 'POST' && endpoint.cost > 0;
    expect(request.headers.get('idempotency-key')).toBe(isPaid ? 'retry-1' : null);
  });

  it('throws ConduitApiError with the body fields and Retry-After', async () => {
    const { client } = recordingClient(() =>
      Response.json(
        {
          success: false,
          error: 'Rate limit exceeded',
          code: 'RATE_LIMITED',
          requestId: 'req_1',
          retryAfter: 41.2,
        },
        { status: 429, headers: { 'retry-after': '42' } },
      ),
    );
    const error = await client.getAccount().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConduitApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', requestId: 'req_1', retryAfter: 42 });
    expect((error as Error).message).toBe('Rate limit exceeded');
  });

  it('turns an answer that is not ours into an HTTP_ERROR with the "HTTP error! status: N" fallback message', async () => {
    const { client } = recordingClient(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await client.getAccount().catch((caught: unknown) => caught)) as ConduitApiError;
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', body: '<html>Bad gateway</html>' });
    expect(error.message).toBe('HTTP error! status: 502');
  });

  it('covers every endpoint of the catalogue', () => {
    expect(catalogueOperations).toHaveLength(API_ENDPOINTS.length);
  });

  it('uploads bytes as a multipart form with the key, lists and deletes uploads', async () => {
    const { client, requests } = recordingClient();
    await client.uploadFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    await client.listUploads();
    await client.deleteUpload('upl_abc/def');
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['POST', `${BASE_URL}/api/provider/files`],
      ['GET', `${BASE_URL}/api/provider/files`],
      ['DELETE', `${BASE_URL}/api/provider/files/upl_abc%2Fdef`],
    ]);
    for (const request of requests) expect(request.headers.get('x-api-key')).toBe('cnd_live_test');
    expect(requests[0]?.headers.get('idempotency-key')).toBeNull();
  });
});
