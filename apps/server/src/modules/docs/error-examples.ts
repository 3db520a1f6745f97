import {
  API_ERRORS,
  API_VERSION_HEADER,
  type ApiEndpoint,
  type ApiErrorAnswer,
  ERROR_CODES,
  type Service,
  TaskListQuery,
  TaskStatusParams,
  unknownApiVersionMessage,
} from '@conduit/contracts';
import type { z } from 'zod';
import {
  AppError,
  BadRequest,
  Conflict,
  InsufficientCredits,
  NotFound,
  PayloadTooLarge,
  RateLimited,
  ServiceUnavailable,
  Unauthorized,
  UpstreamFailed,
  ValidationFailed,
} from '../../platform/errors.ts';
import { INVALID_KEY_MESSAGE, type KeyIdentity, MISSING_KEY_MESSAGE } from '../provider/authenticate-key.ts';
import { TaskAlreadySettled } from '../provider/cancel-task.ts';
import { assertKeyControls, KeySpendLimitReached } from '../provider/key-refusals.ts';
import { PriceAboveMax } from '../provider/prices.ts';

const EXAMPLE_REQUEST_ID = 'req_4k9x2m7q1w8e5r3t';
/** Reasons the engines give (the local engine's words), as a failed call's message ends. */
const UPSTREAM_REASONS: Record<Service, string> = {
  image: 'The model could not generate this request',
  video: 'The model could not generate this request',
  sora: 'The model could not generate this request',
  linkedin: 'Profile not found or has no public posts',
};
const EXAMPLE_TASK_ID = 'task_7d2k9q4x1m8w3e6r';
const EXAMPLE_NOW = new Date('2026-11-25T15:00:00.000Z');

/** The body sendError (platform/http-errors.ts) writes for this error on the public API. */
function bodyOf(error: AppError): ApiErrorAnswer {
  return {
    success: false,
    error: error.message,
    code: error.code,
    requestId: EXAMPLE_REQUEST_ID,
    ...(error.field && { field: error.field }),
    ...error.details,
  };
}

/** What the validator answers for the first problem zod finds, exactly as the error mapper words it. */
function validationError(schema: z.ZodType, input: unknown, context: string): AppError {
  const issue = schema.safeParse(input).error?.issues[0];
  const field = issue?.path.join('.') || context;
  return new ValidationFailed(`${field}: ${issue?.message ?? 'is invalid'}`, field);
}

/** A key with every control set, for the refusals the key's own controls give. */
const CONTROLLED_KEY: KeyIdentity = {
  keyId: '',
  keyName: '',
  keyHash: '',
  validUntil: null,
  expiresAt: null,
  ipAllowlist: ['203.0.113.0/24'],
  keyRateLimitPerMinute: 10,
  budget: null,
  workspaceId: '',
  workspaceKind: 'personal',
  workspaceName: null,
  tier: 'free',
  limits: { perMinute: 0, perHour: 0, perDay: 0 },
  permissions: new Set(),
  livemode: true,
};

/** What assertKeyControls answers for this key, from this address, for the endpoint's service. */
function keyControlError(endpoint: ApiEndpoint, key: Partial<KeyIdentity>, ip: string): AppError {
  try {
    assertKeyControls({ ...CONTROLLED_KEY, ...key }, endpoint.service ?? 'image', ip, EXAMPLE_NOW);
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  throw new Error('assertKeyControls accepted a key it must refuse');
}

type Examples = Record<string, { summary: string; value: ApiErrorAnswer }>;

/** Realistic error answers of one endpoint, by status, built from the errors the server throws. */
export function errorExamplesOf(endpoint: ApiEndpoint): Map<number, Examples> {
  const examples = new Map<number, Examples>();
  const add = (error: AppError, key: string, summary: string) => {
    const byKey = examples.get(error.status) ?? {};
    byKey[key] = { summary, value: bodyOf(error) };
    examples.set(error.status, byKey);
  };
  if (endpoint.body) {
    add(validationError(endpoint.body, {}, 'body'), 'validation', 'A required field is missing');
    add(new BadRequest('Request body is not valid JSON'), 'malformed', 'The body is not JSON');
  }
  add(
    new ValidationFailed(unknownApiVersionMessage('2019-01-01'), API_VERSION_HEADER),
    'version',
    'Conduit-Version names a version this API does not answer in',
  );
  if (endpoint.mode === 'list') {
    add(validationError(TaskListQuery, { status: 'done' }, 'querystring'), 'validation', 'An unknown status');
  }
  // The task list's own query error is its unknown status, above; other lists (the request log):
  if (endpoint.query && endpoint.mode !== 'list') {
    const isPaged = 'cursor' in endpoint.query.shape;
    add(
      validationError(endpoint.query, { limit: '0' }, 'querystring'),
      'validation',
      isPaged ? 'A query parameter out of range' : 'A required query parameter is missing',
    );
    if (isPaged) {
      add(
        new BadRequest('cursor: is not a cursor from this list', 'cursor'),
        'cursor',
        'A cursor from elsewhere',
      );
    }
  }
  const takesTaskId = endpoint.mode === 'status' || endpoint.mode === 'task' || endpoint.mode === 'cancel';
  if (takesTaskId) {
    add(
      validationError(TaskStatusParams, { taskId: 'x'.repeat(65) }, 'params'),
      'validation',
      'A malformed task id',
    );
  }
  // A public endpoint (the model list) reads no key and counts no rate: none of their errors.
  if (!endpoint.isPublic) {
    add(new Unauthorized(MISSING_KEY_MESSAGE), 'missing', 'No X-API-Key header');
    add(new Unauthorized(INVALID_KEY_MESSAGE), 'invalid', 'A deleted or unknown key');
    add(
      keyControlError(endpoint, { expiresAt: new Date(EXAMPLE_NOW.getTime() - 1) }, '203.0.113.9'),
      'expired',
      'The key is past its expiry',
    );
    add(
      keyControlError(endpoint, {}, '198.51.100.7'),
      'ipNotAllowed',
      "A call from outside the key's IP allow-list",
    );
  }
  if (endpoint.cost > 0) {
    add(
      new InsufficientCredits(endpoint.cost, endpoint.cost - 1),
      'credits',
      'The balance is below the cost',
    );
    add(
      keyControlError(endpoint, { ipAllowlist: null }, '203.0.113.9'),
      'scope',
      "The key's permissions exclude the service",
    );
    add(
      new KeySpendLimitReached(100, 100, 'day', EXAMPLE_NOW),
      'spendLimit',
      "The key's budget for the period is spent",
    );
    add(
      new Conflict('This Idempotency-Key was already used with a different request'),
      'idempotency',
      'Reused key',
    );
    add(new PayloadTooLarge(), 'tooLarge', 'The body is over 1 MB');
    // maxCredits is at least 1: a 1-credit call cannot be capped below its price.
    if (endpoint.cost > 1) {
      add(
        new PriceAboveMax(endpoint.cost, endpoint.cost - 1),
        'priceAboveMax',
        'The price is above maxCredits',
      );
    }
  }
  if (takesTaskId) add(new NotFound('Task not found'), 'notFound', 'No such task of yours');
  if (endpoint.mode === 'cancel') {
    add(
      new TaskAlreadySettled({ id: EXAMPLE_TASK_ID, status: 'canceled' }),
      'settled',
      'The task has already settled',
    );
  }
  if (endpoint.mode === 'sync' && endpoint.service) {
    const failure = new UpstreamFailed(
      `The ${endpoint.service} task failed: ${UPSTREAM_REASONS[endpoint.service]}`,
      { taskId: EXAMPLE_TASK_ID, creditsRefunded: endpoint.cost },
    );
    add(failure, 'upstream', 'The work failed and was refunded');
  }
  if (!endpoint.isPublic) {
    add(
      new RateLimited(42, 'Rate limit exceeded: 60 requests per minute'),
      'rateLimited',
      'Per-minute limit used up',
    );
  }
  add(new AppError(ERROR_CODES.INTERNAL, 'Internal server error'), 'internal', 'An unexpected error');
  add(new ServiceUnavailable(), 'unavailable', 'Starting, stopping or without its database');
  return examples;
}

/** The catalogue's words for a status, for the response description. */
export const errorMeaningOf = (status: number) =>
  API_ERRORS.filter((doc) => doc.status === status)
    .map((doc) => `${doc.code}: ${doc.meaning} ${doc.action}`)
    .join('\n\n');
