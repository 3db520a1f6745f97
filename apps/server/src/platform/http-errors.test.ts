import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postJsonText } from '../../test/json-text.ts';
import { createTestRuntime, type TestRuntime } from '../../test/test-runtime.ts';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { Conflict, InsufficientCredits, NotFound, RateLimited } from './errors.ts';

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = z.object({ prompt: z.string().max(5), count: z.number().int().min(1) });
  app.post('/api/probe', { schema: { body } }, async (request) => ({ ok: request.body.prompt }));
  app.post('/api/provider/probe', { schema: { body } }, async () => ({ ok: true }));
  app.get('/api/probe/not-found', async () => {
    throw new NotFound('Key not found');
  });
  app.get('/api/probe/conflict', async () => {
    throw new Conflict('Idempotency key reused with another body');
  });
  app.get('/api/provider/probe/credits', async () => {
    throw new InsufficientCredits(10, 3);
  });
  app.get('/api/probe/limited', async () => {
    throw new RateLimited(12.2);
  });
  app.get('/api/probe/crash', async () => {
    throw new Error('secret internal detail');
  });
};

describe('the error model', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await createTestRuntime();
    await runtime.app.register(probeRoutes);
  });
  afterAll(() => runtime.close());

  it('answers a validation error with 400, the field and a request id', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { prompt: 'too long', count: 1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'prompt' });
    expect(body.error).toMatch(/^prompt: /);
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(body.success).toBeUndefined();
  });

  it('adds success: false on the public provider API', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/provider/probe',
      payload: { prompt: 'ok' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'count' });
  });

  it('answers 402 with the required and available credits', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/provider/probe/credits' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_CREDITS',
      required: 10,
      available: 3,
    });
  });

  it('maps domain errors to 404, 409 and 429 with Retry-After', async () => {
    const notFound = await runtime.app.inject({ method: 'GET', url: '/api/probe/not-found' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ error: 'Key not found', code: 'NOT_FOUND' });
    const conflict = await runtime.app.inject({ method: 'GET', url: '/api/probe/conflict' });
    expect(conflict.statusCode).toBe(409);
    const limited = await runtime.app.inject({ method: 'GET', url: '/api/probe/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('13');
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('hides unknown errors behind a generic 500', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'Internal server error', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret internal detail');
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await postJsonText(runtime.app, '/api/probe', '{"prompt":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'Request body is not valid JSON' });
    const huge = await runtime.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ prompt: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      error: 'Route GET /api/nothing-here not found',
    });
  });

  it('answers URLs the router refuses (bad percent-encoding, an overlong parameter) in the error shape, with every header', async () => {
    const answers = await Promise.all([
      runtime.app.inject({
        method: 'GET',
        url: '/api/provider/video/status/%E0%A4%A',
        headers: { origin: 'https://x.example' },
      }),
      runtime.app.inject({ method: 'GET', url: `/api/provider/video/status/${'x'.repeat(101)}` }),
      runtime.app.inject({ method: 'DELETE', url: '/api/keys/%zz' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 404, 400]);
    for (const [index, answer] of answers.entries()) {
      expect(answer.json()).toEqual({
        ...(index < 2 && { success: false }),
        error: expect.any(String),
        code: index === 1 ? 'NOT_FOUND' : 'BAD_REQUEST',
        requestId: answer.headers['x-request-id'],
      });
      expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(answers[0]?.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps a safe incoming request id and replaces an unsafe one', async () => {
    const kept = await runtime.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-123');
    const replaced = await runtime.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\u0001' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^req_[0-9a-z]{16}$/);
  });
});
