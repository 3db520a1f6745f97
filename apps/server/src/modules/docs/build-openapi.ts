import {
  API_ENDPOINTS,
  API_KEY_HEADER,
  API_VERSION_HEADER,
  type ApiEndpoint,
  answerExamples,
  CURRENT_API_VERSION,
  EVENT_BODIES,
  EVENT_DESCRIPTIONS,
  EVENT_TYPES,
  type EventType,
  eventExample,
  PRODUCT_NAME,
  ROUTES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_SCHEDULE_S,
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
import { filesPath, uploadFilePath } from './openapi-files.ts';
import { openAIAndUploadPaths } from './openapi-openai.ts';

export const OPENAPI_VERSION = '3.1.1';

const TAG_DESCRIPTIONS: Record<ApiEndpoint['tab'] | 'files' | 'uploads' | 'openai', string> = {
  image: 'AI image generation',
  video: 'AI video generation',
  sora: 'Sora watermark removal',
  linkedin: 'LinkedIn profile and post scraping',
  tasks: 'Your tasks of every service: list, read, cancel; and prices, quoted before you pay',
  account: 'Your key, balance and limits',
  files: 'Result files: the URLs in resultUrls and videoUrls',
  uploads: 'Input files: keep a local image or video and pass its signed URL in image_urls or imageUrls',
  openai: "OpenAI's API for images and videos: point the official openai libraries at /v1",
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
    // A public endpoint counts no rate.
    ...(!endpoint.isPublic && {
      RateLimit: headerRef('RateLimit'),
      'RateLimit-Policy': headerRef('RateLimit-Policy'),
    }),
    ...(isPaidCall(endpoint) && {
      'X-Credits-Charged': headerRef('X-Credits-Charged'),
      'X-Credits-Refunded': headerRef('X-Credits-Refunded'),
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

/** The lists that take `metadata[key]=value` filters (docs/product.md, "Metadata"), read from the raw query. */
const METADATA_FILTERED = new Set(['listTasks', 'listRequests']);
const metadataFilterParameter = {
  name: 'metadata',
  in: 'query',
  required: false,
  style: 'deepObject',
  explode: true,
  description:
    'Only the calls whose metadata has each of these keys with this value: `metadata[customer]=acme`, repeated for several keys',
  schema: { type: 'object', additionalProperties: { type: 'string' } },
};

/** A list endpoint's query parameters, one per field of its query schema, as callers write them. */
function queryParameters(endpoint: ApiEndpoint) {
  if (!endpoint.query) return [];
  const fields = Object.entries(endpoint.query.shape).map(([name, field]) => {
    const { description, ...schema } = jsonSchemaOf(field as z.ZodType, 'input');
    // Required when leaving it out is refused (getUsage's groupBy); a default makes it optional.
    const required = !(field as z.ZodType).safeParse(undefined).success;
    return { name, in: 'query', required, ...(description ? { description } : {}), schema };
  });
  return METADATA_FILTERED.has(endpoint.id) ? [...fields, metadataFilterParameter] : fields;
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
  const credits = `${endpoint.cost} credit${endpoint.cost === 1 ? '' : 's'}`;
  const costNote =
    endpoint.cost === 0
      ? '\n\nFree.'
      : endpoint.service === 'image' || endpoint.service === 'video'
        ? `\n\nCosts ${credits} with the default model; each model's price is in GET /api/provider/models.`
        : `\n\nCosts ${credits}.`;
  return {
    operationId: endpoint.id,
    summary: endpoint.title,
    description: `${endpoint.summary}${costNote}`,
    tags: [endpoint.tab],
    // Public: the model list answers without a key.
    ...(endpoint.isPublic && { security: [] }),
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

const formatDelay = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`;
/** The published retry schedule, in words (docs/decisions/0015-webhook-delivery-log.md). */
export const RETRY_SCHEDULE_TEXT = `Any answer but a 2xx within 10 seconds is retried, ${WEBHOOK_MAX_ATTEMPTS} attempts in all: at once, then after ${WEBHOOK_RETRY_SCHEDULE_S.map(formatDelay).join(', ')} (each counted from the attempt before, about 3 days in all). An endpoint that fails for 3 days is switched off and the workspace is mailed.`;

/** One event type as an OpenAPI webhook: its body schema and an example, signed the Standard Webhooks way. */
function eventWebhook(type: EventType, serverUrl: string) {
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
      summary: type,
      description: `${EVENT_DESCRIPTIONS[type]}\n\nPosted to the workspace's webhook endpoint when it takes \`${type}\`${type.startsWith('task.') ? ", and to the call's callBackUrl when its webhookEvents ask for it" : ''}, signed the Standard Webhooks way (standardwebhooks.com) with the \`whsec_\` secret shown under API Keys. Verify the signature over \`webhook-id.webhook-timestamp.body\` and refuse timestamps older than 5 minutes. ${RETRY_SCHEDULE_TEXT} The events API (GET /api/provider/events) lists the same bodies for 30 days.`,
      operationId: `event.${type}`,
      security: [],
      parameters: [
        signed(
          'webhook-id',
          'The event id: the same on every attempt, so deduplicate by it.',
          'evt_4m9x2k7q1w8e3r6t',
        ),
        signed('webhook-timestamp', 'Unix seconds when the attempt was signed.', '1767225600'),
        signed(
          'webhook-signature',
          '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the bytes of your secret after `whsec_`; several signatures are separated by spaces.',
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
      ],
      requestBody: {
        required: true,
        content: json(refTo(EVENT_BODIES[type]), { example: eventExample(type, serverUrl) }),
      },
      responses: { '2XX': { description: 'Received; anything else is retried on the schedule.' } },
    },
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
      description: `Pay-as-you-go image, video, Sora watermark removal and LinkedIn scraping. Authenticate with the ${API_KEY_HEADER} header (or \`Authorization: Bearer <key>\`); each paid call debits its cost in credits before the work starts and refunds it if the work fails. Every answer carries RateLimit headers and the ${API_VERSION_HEADER} it was written in; send ${API_VERSION_HEADER} to pin one.`,
      termsOfService: `${options.serverUrl}${ROUTES.terms}`,
      contact: { name: `${PRODUCT_NAME} support`, url: `${options.serverUrl}${ROUTES.docs}` },
      license: { name: `${PRODUCT_NAME} Terms of Service`, url: `${options.serverUrl}${ROUTES.terms}` },
    },
    servers: [{ url: options.serverUrl }],
    // Either scheme authenticates: X-API-Key, or the same key as a Bearer token.
    security: [{ ApiKey: [] }, { BearerKey: [] }],
    tags: Object.entries(TAG_DESCRIPTIONS)
      .map(([name, description]) => ({ name, description }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    paths: { ...paths, ...openAIAndUploadPaths(), ...filesPath(), ...uploadFilePath() } as Record<
      string,
      Record<string, unknown>
    >,
    webhooks: Object.fromEntries(EVENT_TYPES.map((type) => [type, eventWebhook(type, options.serverUrl)])),
    components: buildComponents(),
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
