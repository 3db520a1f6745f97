import {
  API_ENDPOINTS,
  API_KEY_HEADER,
  type ApiEndpoint,
  answerExamples,
  PRODUCT_NAME,
  TaskWebhookEvent,
  webhookExample,
} from '@conduit/contracts';
import { errorExamplesOf, errorMeaningOf } from './error-examples.ts';
import { buildComponents, refTo } from './openapi-components.ts';

export const OPENAPI_VERSION = '3.1.1';

const TAG_DESCRIPTIONS: Record<ApiEndpoint['tab'], string> = {
  image: 'AI image generation',
  video: 'AI video generation',
  sora: 'Sora watermark removal',
  linkedin: 'LinkedIn profile and post scraping',
  account: 'Your key, balance and limits',
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const json = (schema: unknown, extra: { example?: unknown; examples?: unknown } = {}) => ({
  'application/json': { schema, ...extra },
});

/** Paid POSTs charge credits, so they take an Idempotency-Key to make retries safe. */
export const isPaidCall = (endpoint: ApiEndpoint) => endpoint.method === 'POST' && endpoint.cost > 0;

function successResponses(endpoint: ApiEndpoint, serverUrl: string) {
  const examples = new Map(
    answerExamples(endpoint, serverUrl).map((example) => [example.status, example.body]),
  );
  const headers = { RateLimit: headerRef('RateLimit'), 'RateLimit-Policy': headerRef('RateLimit-Policy') };
  const ok = {
    description:
      endpoint.mode === 'async'
        ? 'The task was accepted and charged; poll statusUrl or wait for the webhook.'
        : endpoint.mode === 'sync'
          ? 'The task completed within the wait.'
          : 'Success.',
    headers: { ...headers, 'X-Request-Id': headerRef('X-Request-Id') },
    content: json(refTo(endpoint.response), { example: examples.get(200) }),
  };
  if (endpoint.mode !== 'sync') return { 200: ok };
  const stillProcessing = {
    ...ok,
    description: 'The task is still processing after the wait (it was charged); poll its statusUrl.',
    content: json(refTo(endpoint.response), { example: examples.get(202) }),
  };
  return { 200: ok, 202: stillProcessing };
}

/** Errors raised after the key was admitted and the request counted, so they carry the RateLimit headers. */
export const COUNTED_ERROR_STATUSES = new Set([402, 404, 409, 429, 502]);

function errorResponses(endpoint: ApiEndpoint) {
  const responses: Record<string, unknown> = {};
  for (const [status, examples] of errorExamplesOf(endpoint)) {
    const headers: Record<string, unknown> = { 'X-Request-Id': headerRef('X-Request-Id') };
    if (COUNTED_ERROR_STATUSES.has(status)) {
      Object.assign(headers, {
        RateLimit: headerRef('RateLimit'),
        'RateLimit-Policy': headerRef('RateLimit-Policy'),
      });
    }
    if (status === 429) headers['Retry-After'] = headerRef('Retry-After');
    responses[status] = {
      description: errorMeaningOf(status),
      headers,
      content: json({ $ref: '#/components/schemas/ApiError' }, { examples }),
    };
  }
  return responses;
}

function operationOf(endpoint: ApiEndpoint, serverUrl: string) {
  const parameters = [
    ...(endpoint.path.includes('{taskId}') ? [{ $ref: '#/components/parameters/TaskId' }] : []),
    ...(isPaidCall(endpoint) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const costNote =
    endpoint.cost > 0 ? `\n\nCosts ${endpoint.cost} credit${endpoint.cost === 1 ? '' : 's'}.` : '\n\nFree.';
  return {
    operationId: endpoint.id,
    summary: endpoint.title,
    description: `${endpoint.summary}${costNote}`,
    tags: [endpoint.tab],
    ...(parameters.length > 0 && { parameters }),
    ...(endpoint.body && {
      requestBody: {
        required: true,
        content: json(refTo(endpoint.body), { example: endpoint.exampleBody }),
      },
    }),
    responses: { ...successResponses(endpoint, serverUrl), ...errorResponses(endpoint) },
    'x-credits-cost': endpoint.cost,
  };
}

function settledWebhook(serverUrl: string) {
  const signed = (name: string, description: string, example: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
    example,
  });
  return {
    post: {
      summary: 'A task settled',
      description:
        'Sent to the callBackUrl of an image, video or Sora task when it completes or fails, signed the Standard Webhooks way (standardwebhooks.com) with the `whsec_` secret shown under API Keys. Verify the signature over `webhook-id.webhook-timestamp.body` and refuse timestamps older than 5 minutes. Any answer but a 2xx is retried with exponential back-off for about a day.',
      security: [],
      parameters: [
        signed(
          'webhook-id',
          'Unique per task: the same id on every retry, so deduplicate by it.',
          'msg_task_7d2k9q4x1m8w3e6r',
        ),
        signed('webhook-timestamp', 'Unix seconds when the call was signed.', '1767225600'),
        signed(
          'webhook-signature',
          '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the bytes of your secret after `whsec_`; several signatures are separated by spaces.',
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
      ],
      requestBody: {
        required: true,
        content: json(refTo(TaskWebhookEvent), { example: webhookExample(serverUrl) }),
      },
      responses: { '2XX': { description: 'Received; anything else is retried.' } },
    },
  };
}

/** The API key may also be sent as `Authorization: Bearer <key>` (OpenAI-style clients, remote MCP hosts). */
function withBearerScheme<C extends { securitySchemes: object }>(components: C) {
  const BearerKey = {
    type: 'http',
    scheme: 'bearer',
    description: 'The same key as the ApiKey scheme, sent as `Authorization: Bearer cnd_live_...`.',
  };
  return { ...components, securitySchemes: { ...components.securitySchemes, BearerKey } };
}

/** The OpenAPI 3.1 document of the public API, from the catalogue and the zod schemas the server validates with. */
export function buildOpenApiDocument(options: { serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of API_ENDPOINTS) {
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Record<string, unknown>)[endpoint.method.toLowerCase()] = operationOf(
      endpoint,
      options.serverUrl,
    );
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description: `Pay-as-you-go image, video, Sora watermark removal and LinkedIn scraping. Authenticate with the ${API_KEY_HEADER} header (or \`Authorization: Bearer <key>\`); each paid call debits its cost in credits before the work starts and refunds it if the work fails. Every answer carries RateLimit headers.`,
    },
    servers: [{ url: options.serverUrl }],
    // Either scheme authenticates: X-API-Key, or the same key as a Bearer token.
    security: [{ ApiKey: [] }, { BearerKey: [] }],
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    paths,
    webhooks: { taskSettled: settledWebhook(options.serverUrl) },
    components: withBearerScheme(buildComponents()),
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
