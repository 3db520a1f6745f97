import { OPENAI_ENDPOINTS, type OpenAIEndpoint, OpenAIErrorBody, UPLOAD_ENDPOINTS } from '@conduit/contracts';
import type { z } from 'zod';
import { commonHeaders, headerRef, jsonSchemaOf } from './openapi-components.ts';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
const queryParameters = (query: z.ZodObject | undefined) =>
  Object.entries(query?.shape ?? {}).map(([name, field]) => {
    const { description, ...schema } = jsonSchemaOf(field as z.ZodType, 'input');
    return { name, in: 'query', required: false, ...(description ? { description } : {}), schema };
  });

/** OpenAI's error envelope, by the statuses its libraries type (docs/product.md, "Use with OpenAI libraries"). */
const OPENAI_ERRORS: Record<number, string> = {
  400: 'Invalid request (`invalid_value`, naming `param`).',
  401: 'No key, or not a valid one (`invalid_api_key`).',
  403: "The key's permissions or IP allow-list refuse the call.",
  404: 'No such model (`model_not_found`), video or URL.',
  413: 'A file or the form is too large.',
  429: '`rate_limit_exceeded` (see Retry-After), or `insufficient_quota`: not enough credits, with `x-should-retry: false`.',
  502: 'The upstream failed the work (`upstream_failed`); the credits were refunded.',
  503: 'An image still running past the wait: it stays charged and finishes; the message names its task ids.',
};

function openAIOperation(endpoint: OpenAIEndpoint) {
  const errorSchema = jsonSchemaOf(OpenAIErrorBody, 'output');
  const isPaid = endpoint.service !== undefined;
  const requestBody = endpoint.body
    ? { required: true, content: json(jsonSchemaOf(endpoint.body, 'input')) }
    : endpoint.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                ...jsonSchemaOf(endpoint.multipart.fields, 'input'),
                additionalProperties: true,
                description: `Text fields, and the files as ${endpoint.multipart.files.map((name) => `\`${name}\``).join(' or ')} (PNG, JPEG or WebP, 10 MB each at most)`,
              },
            },
            ...(endpoint.id === 'openaiCreateVideo' &&
              json(jsonSchemaOf(endpoint.multipart.fields, 'input'))),
          },
        }
      : undefined;
  const errors = Object.fromEntries(
    Object.entries(OPENAI_ERRORS)
      .filter(([status]) => isPaid || !['413', '502', '503'].includes(status))
      .map(([status, description]) => [
        status,
        {
          description,
          headers: {
            ...commonHeaders(),
            ...(status === '429' && { 'Retry-After': headerRef('Retry-After') }),
          },
          content: json(errorSchema),
        },
      ]),
  );
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: `${endpoint.summary}\n\nOpenAI's shape, for the official \`openai\` libraries with \`baseURL\` set to this server's \`/v1\` (the key as \`Authorization: Bearer\`).${isPaid ? " Each call is charged at the model's price (each image of `n` is one call) and takes an Idempotency-Key." : ' Free.'}`,
    tags: ['openai'],
    parameters: [
      ...pathParameters(endpoint.path),
      ...queryParameters(endpoint.query),
      ...(isPaid ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ],
    ...(requestBody && { requestBody }),
    responses: {
      200: {
        description: 'Success.',
        headers: commonHeaders(),
        content: endpoint.binary
          ? { [endpoint.binary]: { schema: { type: 'string', contentMediaType: endpoint.binary } } }
          : json(jsonSchemaOf(endpoint.response as z.ZodType, 'output')),
      },
      ...errors,
    },
    'x-credits-cost': isPaid ? 'the model price' : 0,
  };
}

function uploadOperation(endpoint: (typeof UPLOAD_ENDPOINTS)[number]) {
  const error = (description: string) => ({
    description,
    headers: commonHeaders(),
    content: json({ $ref: '#/components/schemas/ApiError' }),
  });
  return {
    operationId: endpoint.id,
    summary: endpoint.summary.split(':')[0]?.split('.')[0],
    description: `${endpoint.summary}\n\nFree.`,
    tags: ['uploads'],
    parameters: [{ $ref: '#/components/parameters/ConduitVersion' }, ...pathParameters(endpoint.path)],
    ...(endpoint.method === 'POST' && {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
            },
          },
        },
      },
    }),
    responses: {
      200: {
        description: 'Success.',
        headers: commonHeaders(),
        content: json(jsonSchemaOf(endpoint.response, 'output')),
      },
      400: error('Not a PNG, JPEG, WebP or MP4 file, or no `file` field.'),
      401: error('No key, or not a valid one.'),
      404: error('No such upload.'),
      413: error("Larger than 10 MB, or past the workspace's upload quota."),
      429: error('Too many requests.'),
    },
    'x-credits-cost': 0,
  };
}

/** The /v1 and upload operations, by path and method. */
export function openAIAndUploadPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of OPENAI_ENDPOINTS) {
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Record<string, unknown>)[endpoint.method.toLowerCase()] =
      openAIOperation(endpoint);
  }
  for (const endpoint of UPLOAD_ENDPOINTS) {
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Record<string, unknown>)[endpoint.method.toLowerCase()] =
      uploadOperation(endpoint);
  }
  return paths;
}
