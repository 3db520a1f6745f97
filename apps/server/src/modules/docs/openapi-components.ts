import {
  AccountAnswer,
  API_KEY_HEADER,
  API_VERSION_HEADER,
  API_VERSIONS,
  ApiErrorAnswer,
  AutoTopUpFailedEvent,
  BalanceLowEvent,
  CANCEL_AFTER_MAX_S,
  CancelAnswer,
  CURRENT_API_VERSION,
  ErrorBody,
  EventsAnswer,
  ImageRequest,
  ImageTaskAnswer,
  KeyExpiringEvent,
  LinkedinRequest,
  LinkedinTaskAnswer,
  MODELS,
  type ModelDefinition,
  ModelsAnswer,
  PaymentSucceededEvent,
  PREFER_WAIT_MAX_S,
  QuoteAnswer,
  QuoteRequest,
  RequestLogAnswer,
  SoraRequest,
  TaskAnswer,
  TaskListAnswer,
  TaskStatusParams,
  TaskWebhookEvent,
  UsageByMetadataAnswer,
  VideoRequest,
  VideoTaskAnswer,
  WebhookTestEvent,
} from '@conduit/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The named schemas of the document. Requests are described as callers write them (`io: input`:
 * fields with defaults are optional), answers as the server sends them.
 */
const NAMED_SCHEMAS: ReadonlyArray<[string, z.ZodType, 'input' | 'output']> = [
  ['SoraRequest', SoraRequest, 'input'],
  ['LinkedinRequest', LinkedinRequest, 'input'],
  ['ImageTaskAnswer', ImageTaskAnswer, 'output'],
  ['VideoTaskAnswer', VideoTaskAnswer, 'output'],
  ['LinkedinTaskAnswer', LinkedinTaskAnswer, 'output'],
  ['AccountAnswer', AccountAnswer, 'output'],
  ['ModelsAnswer', ModelsAnswer, 'output'],
  ['QuoteRequest', QuoteRequest, 'input'],
  ['TaskAnswer', TaskAnswer, 'output'],
  ['TaskListAnswer', TaskListAnswer, 'output'],
  ['CancelAnswer', CancelAnswer, 'output'],
  ['QuoteAnswer', QuoteAnswer, 'output'],
  ['RequestLogAnswer', RequestLogAnswer, 'output'],
  ['UsageByMetadataAnswer', UsageByMetadataAnswer, 'output'],
  ['ApiError', ApiErrorAnswer, 'output'],
  ['EventsAnswer', EventsAnswer, 'output'],
  ['TaskWebhookEvent', TaskWebhookEvent, 'output'],
  ['BalanceLowEvent', BalanceLowEvent, 'output'],
  ['PaymentSucceededEvent', PaymentSucceededEvent, 'output'],
  ['AutoTopUpFailedEvent', AutoTopUpFailedEvent, 'output'],
  ['KeyExpiringEvent', KeyExpiringEvent, 'output'],
  ['WebhookTestEvent', WebhookTestEvent, 'output'],
  ['FileError', ErrorBody, 'output'],
];

/** A model's body component: its name without spaces or dots, `Seedream 4.5` -> `Seedream45Request`. */
export const modelComponentName = (model: ModelDefinition) =>
  `${model.name.replace(/[^A-Za-z0-9]/g, '')}Request`;

/**
 * The image and video bodies (`ImageRequest`, `VideoRequest`): one of the service's models' own
 * bodies, each a component of its own, told apart by `model` (the default model's when absent).
 * `anyOf` rather than `oneOf` with a discriminator: the default model's `model` is optional, which
 * linters read as overlapping bodies, yet no body matches two (each names its own model and
 * refuses any field it does not take).
 */
const SERVICE_BODIES: ReadonlyArray<[string, z.ZodType, 'image' | 'video']> = [
  ['ImageRequest', ImageRequest, 'image'],
  ['VideoRequest', VideoRequest, 'video'],
];

function serviceBodySchema(service: 'image' | 'video'): JsonSchema {
  const models = MODELS.filter((model) => model.service === service);
  const ref = (model: ModelDefinition) => `#/components/schemas/${modelComponentName(model)}`;
  return {
    description: `The body of one ${service} model, chosen by \`model\` (${models[0]?.id} when absent): each model takes the common fields and its own. GET /api/provider/models lists the enabled models with their prices.`,
    anyOf: models.map((model) => ({ $ref: ref(model) })),
  };
}

/** Each model's own body, titled with its name. */
const modelSchemas = () =>
  Object.fromEntries(
    MODELS.map((model) => [
      modelComponentName(model),
      { title: model.name, ...jsonSchemaOf(model.request, 'input') },
    ]),
  );

/** The formats JSON Schema 2020-12 defines; zod writes others (`starts_with`) that validators refuse. */
const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/** JSON Schema 2020-12, the dialect of OpenAPI 3.1, without the `$schema` each conversion adds. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...converted } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // A custom format only names the check; the `pattern` zod writes beside it is the check itself.
    override: ({ jsonSchema }) => {
      if (typeof jsonSchema.format === 'string' && !STANDARD_FORMATS.has(jsonSchema.format)) {
        delete jsonSchema.format;
      }
    },
  });
  return converted;
}

/** `$ref` to the component that holds this zod schema; a schema without a name is a bug here. */
export function refTo(schema: z.ZodType): { $ref: string } {
  const named = [...SERVICE_BODIES, ...NAMED_SCHEMAS].find(([, candidate]) => candidate === schema);
  if (!named) throw new Error('This schema has no name in the OpenAPI components');
  return { $ref: `#/components/schemas/${named[0]}` };
}

export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
/** Headers every answer of the public API carries. */
export const commonHeaders = () => ({
  'X-Request-Id': headerRef('X-Request-Id'),
  [API_VERSION_HEADER]: headerRef(API_VERSION_HEADER),
});

/** A response header; `required: false` marks one sent only when it applies (a replay, a wait honoured). */
const header = (description: string, schema: JsonSchema, example: string | number, required = true) => ({
  description,
  required,
  schema,
  example,
});

/** `Prefer: wait=N` on the async endpoints (RFC 7240). */
export const PREFER_WAIT_PARAMETER = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description: `\`wait=N\` (1-${PREFER_WAIT_MAX_S}): answer the finished task if it settles within N seconds, else the task as it stands (still processing, with its taskId). Other preferences are ignored; a bad wait is refused with 400.`,
  schema: { type: 'string' },
  example: 'wait=30',
};

export function buildComponents() {
  return {
    schemas: {
      ...Object.fromEntries(SERVICE_BODIES.map(([name, , service]) => [name, serviceBodySchema(service)])),
      ...modelSchemas(),
      ...Object.fromEntries(NAMED_SCHEMAS.map(([name, schema, io]) => [name, jsonSchemaOf(schema, io)])),
    },
    securitySchemes: {
      ApiKey: {
        type: 'apiKey',
        in: 'header',
        name: API_KEY_HEADER,
        description: 'A key from the API Keys page (`cnd_live_...`). Keep it secret: it spends your credits.',
      },
      // The same key as a Bearer token: what OpenAI-style clients and remote MCP hosts send.
      BearerKey: {
        type: 'http',
        scheme: 'bearer',
        description: 'The same key as the ApiKey scheme, sent as `Authorization: Bearer cnd_live_...`.',
      },
    },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Any 1-255 printable ASCII characters (a UUID is usual). Repeating a call with the same key and body answers the first result and charges once; the same key with another body is refused with 409.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
        example: '5f0c6a2e-8d1b-4c57-9a43-1e2f3d4c5b6a',
      },
      ConduitVersion: {
        name: API_VERSION_HEADER,
        in: 'header',
        required: false,
        description: `Pins the API version this call is answered in (without it: the newest, ${CURRENT_API_VERSION}). A version the API does not answer in is refused with 400, listing the supported ones.`,
        schema: { type: 'string', enum: [...API_VERSIONS] },
        example: CURRENT_API_VERSION,
      },
      CancelAfter: {
        name: 'Cancel-After',
        in: 'header',
        required: false,
        description: `A deadline to start: if the task has not started upstream by then, it ends \`aborted\`, fully refunded and never charged upstream. Whole seconds, \`Ns\` or \`Nm\`, from 1 s to ${CANCEL_AFTER_MAX_S / 3600} h; anything else is refused with 400.`,
        schema: { type: 'string', pattern: '^\\d{1,6}(s|m)?$' },
        example: '90s',
      },
      TaskId: {
        name: 'taskId',
        in: 'path',
        required: true,
        description: 'The taskId an earlier call answered',
        schema: jsonSchemaOf(TaskStatusParams.shape.taskId, 'input'),
        example: 'task_7d2k9q4x1m8w3e6r',
      },
    },
    headers: {
      'Preference-Applied': header(
        'Sent only when the answer honoured a Prefer: wait, which it names.',
        { type: 'string' },
        'wait=30',
        false,
      ),
      RateLimit: header(
        'The tightest of the per-minute, per-hour and per-day windows: its limit, the requests left in it and the seconds until it resets (IETF RateLimit fields).',
        { type: 'string' },
        'limit=60, remaining=59, reset=60',
      ),
      'RateLimit-Policy': header(
        'Every window of the account: requests per window of w seconds.',
        { type: 'string' },
        '60;w=60, 1000;w=3600, 10000;w=86400',
      ),
      'Retry-After': header(
        'Seconds to wait before the next request is accepted.',
        { type: 'integer', minimum: 1 },
        42,
      ),
      [API_VERSION_HEADER]: header(
        'The API version this answer was written in: the one the request pinned, or the newest.',
        { type: 'string', enum: [...API_VERSIONS] },
        CURRENT_API_VERSION,
      ),
      'X-Credits-Charged': header(
        "Credits the call's task was charged (once: a replay of an earlier call with the same Idempotency-Key charges nothing more).",
        { type: 'integer', minimum: 0 },
        10,
      ),
      'X-Credits-Refunded': header(
        'Credits given back to the balance for this call: 0, or its whole charge when its task failed, was canceled or aborted. X-Credits-Charged less this is what the call cost.',
        { type: 'integer', minimum: 0 },
        0,
      ),
      'X-Credits-Remaining': header(
        "The workspace's balance in credits after this call (refunds included).",
        { type: 'integer' },
        90,
      ),
      'Idempotent-Replayed': header(
        'Sent only when this answer replays an earlier call with the same Idempotency-Key (nothing charged again).',
        { type: 'string', enum: ['true'] },
        'true',
        false,
      ),
      'X-Request-Id': header(
        'The request id, also in error bodies as requestId.',
        { type: 'string' },
        'req_4k9x2m7q1w8e5r3t',
      ),
    },
  };
}
