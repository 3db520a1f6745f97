import { ERROR_CODES, ERROR_STATUS, type ErrorBody, type ErrorCode } from '@conduit/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { printableText, storableText } from './text-safety.ts';

const PUBLIC_API_PREFIX = '/api/provider/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error this request was answered with, for the request log. */
    errorAnswer?: { code: ErrorCode; message: string };
  }
}

/**
 * Writes the one error shape (docs/product.md, "Error answers"); the public API adds
 * `success: false`. The status is the code's (ERROR_STATUS), except for a 4xx Fastify raised
 * itself, which keeps its own (415 for a wrong content type, say). A message or field that echoes
 * what the caller sent carries its NUL or lone surrogate as an escape (text-safety.ts): the request
 * log stores the message.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  extra: { field?: string; details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  status = ERROR_STATUS[code],
) {
  const body: ErrorBody & Record<string, unknown> = {
    ...(request.url.startsWith(PUBLIC_API_PREFIX) ? { success: false as const } : {}),
    error: storableText(message),
    code,
    requestId: request.id,
    ...(extra.field ? { field: storableText(extra.field) } : {}),
    ...extra.details,
  };
  if (extra.headers) reply.headers(extra.headers);
  request.errorAnswer = { code, message: body.error };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** What a body field the route does not take is told (Stripe: "Received unknown parameter"). */
export const UNKNOWN_FIELD = 'unknown field';

function fieldOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).map(printableText).join('.');
  return path || context || 'body';
}

/** A thrown error as an answer: its status, code, message and what else it tells. */
export interface DescribedError {
  status: number;
  code: ErrorCode;
  message: string;
  field?: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** What any thrown error answers (the public API's shape or another, such as /v1's OpenAI one). */
export function describeError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
): DescribedError {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      field: error.field,
      details: error.details,
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A field the body does not take is named itself (`quality: unknown field`), not its object.
    const unknownKey =
      first?.keyword === 'unrecognized_keys'
        ? (first.params as { keys?: string[] }).keys?.map(printableText)[0]
        : undefined;
    const at = fieldOf(first?.instancePath ?? '', error.validationContext);
    const field =
      unknownKey === undefined
        ? at
        : at === (error.validationContext ?? 'body')
          ? unknownKey
          : `${at}.${unknownKey}`;
    const message = `${field}: ${unknownKey === undefined ? (first?.message ?? 'is invalid') : UNKNOWN_FIELD}`;
    const code = ERROR_CODES.VALIDATION_FAILED;
    return { status: ERROR_STATUS[code], code, message, field };
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code =
      status === 413
        ? ERROR_CODES.PAYLOAD_TOO_LARGE
        : status === 429
          ? ERROR_CODES.RATE_LIMITED
          : status === 404
            ? ERROR_CODES.NOT_FOUND
            : ERROR_CODES.BAD_REQUEST;
    return { status, code, message: clientMessage(error as FastifyError) };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, code: ERROR_CODES.INTERNAL, message: 'Internal server error' };
}

/** Maps every thrown error to an HTTP answer; unknown errors become a logged, generic 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const { status, code, message, ...extra } = describeError(error, request);
    return sendError(request, reply, code, message, extra, status);
  });
}

/**
 * Errors Fastify raises before routing (a path that is not valid percent-encoding, a route
 * parameter longer than the router keeps): no hook runs for them, so the answer gets the
 * headers every answer carries here, and the one error shape.
 */
export function frameworkErrorHandler(headersOf: (request: FastifyRequest) => Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers({ 'x-request-id': request.id, ...headersOf(request) });
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      // No id, name or token of ours is that long: it names nothing that exists.
      return sendError(request, reply, ERROR_CODES.NOT_FOUND, 'Not found');
    }
    return sendError(request, reply, ERROR_CODES.BAD_REQUEST, 'The URL is not valid percent-encoding');
  };
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    default:
      return error.message;
  }
}
