import {
  AccountAnswer,
  API_KEY_HEADER,
  ApiErrorAnswer,
  AutoTopUpFailedEvent,
  BalanceLowEvent,
  EventsAnswer,
  ImageRequest,
  ImageTaskAnswer,
  KeyExpiringEvent,
  LinkedinRequest,
  LinkedinTaskAnswer,
  PaymentSucceededEvent,
  SoraRequest,
  TaskStatusParams,
  TaskWebhookEvent,
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
  ['ImageRequest', ImageRequest, 'input'],
  ['VideoRequest', VideoRequest, 'input'],
  ['SoraRequest', SoraRequest, 'input'],
  ['LinkedinRequest', LinkedinRequest, 'input'],
  ['ImageTaskAnswer', ImageTaskAnswer, 'output'],
  ['VideoTaskAnswer', VideoTaskAnswer, 'output'],
  ['LinkedinTaskAnswer', LinkedinTaskAnswer, 'output'],
  ['AccountAnswer', AccountAnswer, 'output'],
  ['ApiError', ApiErrorAnswer, 'output'],
  ['EventsAnswer', EventsAnswer, 'output'],
  ['TaskWebhookEvent', TaskWebhookEvent, 'output'],
  ['BalanceLowEvent', BalanceLowEvent, 'output'],
  ['PaymentSucceededEvent', PaymentSucceededEvent, 'output'],
  ['AutoTopUpFailedEvent', AutoTopUpFailedEvent, 'output'],
  ['KeyExpiringEvent', KeyExpiringEvent, 'output'],
  ['WebhookTestEvent', WebhookTestEvent, 'output'],
];

/** JSON Schema 2020-12, the dialect of OpenAPI 3.1, without the `$schema` each conversion adds. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...converted } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' });
  return converted;
}

/** `$ref` to the component that holds this zod schema; a schema without a name is a bug here. */
export function refTo(schema: z.ZodType): { $ref: string } {
  const named = NAMED_SCHEMAS.find(([, candidate]) => candidate === schema);
  if (!named) throw new Error('This schema has no name in the OpenAPI components');
  return { $ref: `#/components/schemas/${named[0]}` };
}

const header = (description: string, schema: JsonSchema, example: string | number) => ({
  description,
  schema,
  example,
});

export function buildComponents() {
  return {
    schemas: Object.fromEntries(NAMED_SCHEMAS.map(([name, schema, io]) => [name, jsonSchemaOf(schema, io)])),
    securitySchemes: {
      ApiKey: {
        type: 'apiKey',
        in: 'header',
        name: API_KEY_HEADER,
        description: 'A key from the API Keys page (`cnd_live_...`). Keep it secret: it spends your credits.',
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
      'X-Request-Id': header(
        'The request id, also in error bodies as requestId.',
        { type: 'string' },
        'req_4k9x2m7q1w8e5r3t',
      ),
    },
  };
}
