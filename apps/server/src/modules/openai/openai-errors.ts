import { ERROR_CODES, type ErrorCode, type OpenAIErrorBody } from '@conduit/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { describeError } from '../../platform/http-errors.ts';

/** 404 `model_not_found`: the model is not in the catalogue, is off, or is of another service. */
export class ModelNotFound extends AppError {
  constructor(model: string, service: 'image' | 'video' | undefined, available: string[]) {
    super(
      ERROR_CODES.NOT_FOUND,
      `The model \`${model}\` does not exist${service ? ` or is not ${service === 'image' ? 'an image' : 'a video'} model that does this` : ''}; one of ${available.join(', ')}`,
      { field: 'model', details: { openaiCode: 'model_not_found' } },
    );
  }
}

/**
 * How each of our error codes reads in OpenAI's envelope, and the status its libraries map to the
 * matching typed error. No credits (and a key's spend limit) is 429 `insufficient_quota`, as OpenAI
 * answers an account without quota, with `x-should-retry: false` so the libraries do not retry it.
 */
const OPENAI_OF: Partial<Record<ErrorCode, { status?: number; type: string; code: string | null }>> = {
  UNAUTHORIZED: { type: 'invalid_request_error', code: 'invalid_api_key' },
  KEY_EXPIRED: { type: 'invalid_request_error', code: 'invalid_api_key' },
  INSUFFICIENT_CREDITS: { status: 429, type: 'insufficient_quota', code: 'insufficient_quota' },
  KEY_SPEND_LIMIT: { status: 429, type: 'insufficient_quota', code: 'insufficient_quota' },
  PRICE_ABOVE_MAX: { status: 429, type: 'insufficient_quota', code: 'insufficient_quota' },
  RATE_LIMITED: { type: 'requests', code: 'rate_limit_exceeded' },
  KEY_SCOPE: { type: 'permission_error', code: 'key_scope' },
  KEY_IP_NOT_ALLOWED: { type: 'permission_error', code: 'ip_not_allowed' },
  FORBIDDEN: { type: 'permission_error', code: null },
  VALIDATION_FAILED: { type: 'invalid_request_error', code: 'invalid_value' },
  BAD_REQUEST: { type: 'invalid_request_error', code: null },
  NOT_FOUND: { type: 'invalid_request_error', code: 'not_found' },
  CONFLICT: { type: 'invalid_request_error', code: 'conflict' },
  PAYLOAD_TOO_LARGE: { type: 'invalid_request_error', code: 'payload_too_large' },
  UPSTREAM_FAILED: { type: 'server_error', code: 'upstream_failed' },
  SERVICE_UNAVAILABLE: { type: 'server_error', code: 'service_unavailable' },
  INTERNAL: { type: 'server_error', code: null },
};

/** /v1 answers every error in OpenAI's envelope; the request log still records our own code. */
export function registerOpenAIErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const described = describeError(error, request);
    const mapped = OPENAI_OF[described.code] ?? { type: 'invalid_request_error', code: null };
    const status = mapped.status ?? described.status;
    const code = (described.details?.openaiCode as string | undefined) ?? mapped.code;
    const body: OpenAIErrorBody = {
      error: { message: described.message, type: mapped.type, param: described.field ?? null, code },
    };
    if (described.headers) reply.headers(described.headers);
    if (mapped.type === 'insufficient_quota') reply.header('x-should-retry', 'false');
    request.errorAnswer = { code: described.code, message: described.message };
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    request.errorAnswer = { code: ERROR_CODES.NOT_FOUND, message: 'Not found' };
    const body: OpenAIErrorBody = {
      error: {
        message: `Unknown request URL: ${request.method} ${request.url.split('?')[0]}`,
        type: 'invalid_request_error',
        param: null,
        code: 'unknown_url',
      },
    };
    return reply.status(404).send(body);
  });
}
