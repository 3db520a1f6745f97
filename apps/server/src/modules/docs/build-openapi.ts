import {
  API_ENDPOINTS,
  API_KEY_HEADER,
  API_VERSION_HEADER,
  type ApiEndpoint,
  answerExamples,
  CURRENT_API_VERSION,
  PRODUCT_NAME,
  ROUTES,
} from '@conduit/contracts';
import type { z } from 'zod';
import { errorExamplesOf, errorMeaningOf } from './error-examples.ts';
import {
  buildComponents,
  commonHeaders,
  headerRef,
  jsonSchemaOf,
  PREFER_WAIT_PARAMETER,
  refTo,
} from './openapi-components.ts';
import { filesPath } from './openapi-files.ts';
import { buildWebhooks } from './openapi-webhooks.ts';

export const OPENAPI_VERSION = '3.1.1';

const TAG_DESCRIPTIONS: Record<ApiEndpoint['tab'] | 'files', string> = {
  image: 'AI image generation',
  video: 'AI video generation',
  sora: 'Sora watermark removal',
  linkedin: 'LinkedIn profile and post scraping',
  tasks: 'Your tasks of every service: list, read, cancel; and prices, quoted before you pay',
  account: 'Your key, balance and limits',
  files: 'Result files: the URLs in resultUrls and videoUrls',
};

const json = (schema: unknown, extra: { example?: unknown; examples?: unknown } = {}) => ({
  'application/json': { schema, ...extra },
});

/** Paid POSTs charge credits, so they take an Idempotency-Key to make retries safe. */
export const isPaidCall = (endpoint: ApiEndpoint) => endpoint.method === 'POST' && endpoint.cost > 0;

function successResponses(endpoint: ApiEndpoint, serverUrl: string) {
  const examples = new Map(
    answerExamples(endpoint, serverUrl).map((example) => [example.status, example.body]),
  );
  const headers: Record<string, unknown> = {
    ...commonHeaders(),
    RateLimit: headerRef('RateLimit'),
    'RateLimit-Policy': headerRef('RateLimit-Policy'),
    ...(isPaidCall(endpoint) && {
      'X-Credits-Charged': headerRef('X-Credits-Charged'),
      'X-Credits-Remaining': headerRef('X-Credits-Remaining'),
      'Idempotent-Replayed': headerRef('Idempotent-Replayed'),
    }),
    ...(endpoint.mode === 'async' && { 'Preference-Applied': headerRef('Preference-Applied') }),
  };
  const ok = {
    description:
      endpoint.mode === 'async'
        ? 'The task was accepted and charged; poll statusUrl or wait for the webhook.'
        : endpoint.mode === 'sync'
          ? 'The task completed within the wait.'
          : 'Success.',
    headers,
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
    const headers: Record<string, unknown> = commonHeaders();
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

/** A list endpoint's query parameters, one per field of its query schema, as callers write them. */
function queryParameters(endpoint: ApiEndpoint) {
  if (!endpoint.query) return [];
  return Object.entries(endpoint.query.shape).map(([name, field]) => {
    const { description, ...schema } = jsonSchemaOf(field as z.ZodType, 'input');
    return { name, in: 'query', required: false, ...(description ? { description } : {}), schema };
  });
}

function operationOf(endpoint: ApiEndpoint, serverUrl: string) {
  const parameters = [
    { $ref: '#/components/parameters/ConduitVersion' },
    ...(endpoint.path.includes('{taskId}') ? [{ $ref: '#/components/parameters/TaskId' }] : []),
    ...(isPaidCall(endpoint)
      ? [{ $ref: '#/components/parameters/IdempotencyKey' }, { $ref: '#/components/parameters/CancelAfter' }]
      : []),
    ...(endpoint.mode === 'async' ? [PREFER_WAIT_PARAMETER] : []),
    ...queryParameters(endpoint),
  ];
  const costNote =
    endpoint.cost > 0 ? `\n\nCosts ${endpoint.cost} credit${endpoint.cost === 1 ? '' : 's'}.` : '\n\nFree.';
  return {
    operationId: endpoint.id,
    summary: endpoint.title,
    description: `${endpoint.summary}${costNote}`,
    tags: [endpoint.tab],
    parameters,
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
      version: CURRENT_API_VERSION,
      description: `Pay-as-you-go image, video, Sora watermark removal and LinkedIn scraping. Authenticate with the ${API_KEY_HEADER} header; each paid call debits its cost in credits before the work starts and refunds it if the work fails. Every answer carries RateLimit headers and the ${API_VERSION_HEADER} it was written in; send ${API_VERSION_HEADER} to pin one.`,
      termsOfService: `${options.serverUrl}${ROUTES.terms}`,
      contact: { name: `${PRODUCT_NAME} support`, url: `${options.serverUrl}${ROUTES.docs}` },
      license: { name: `${PRODUCT_NAME} Terms of Service`, url: `${options.serverUrl}${ROUTES.terms}` },
    },
    servers: [{ url: options.serverUrl }],
    security: [{ ApiKey: [] }],
    tags: Object.entries(TAG_DESCRIPTIONS)
      .map(([name, description]) => ({ name, description }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    paths: { ...paths, ...filesPath() } as Record<string, Record<string, unknown>>,
    webhooks: buildWebhooks(options.serverUrl),
    components: buildComponents(),
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
