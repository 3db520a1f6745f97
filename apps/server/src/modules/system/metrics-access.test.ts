import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { METRICS_TOKEN_REQUIRED } from './metrics-access.ts';

const TOKEN = 'scrape-me-0123456789abcdef';
const scrape = (runtime: TestRuntime, authorization?: string) =>
  runtime.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('who may read /metrics', () => {
  let withToken: TestRuntime;
  let production: TestRuntime;
  beforeAll(async () => {
    [withToken, production] = await Promise.all([
      createTestRuntime({ METRICS_TOKEN: TOKEN }),
      createTestRuntime({ NODE_ENV: 'production', PROVIDER_ENGINE: 'local' }),
    ]);
  });
  afterAll(() => Promise.all([withToken.close(), production.close()]));

  it('with METRICS_TOKEN, answers only the bearer of that token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-wrong-token',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const refused = await scrape(withToken, authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe(METRICS_TOKEN_REQUIRED);
      expect(refused.body).not.toContain('conduit_http_requests_total');
    }
    const allowed = await scrape(withToken, `Bearer ${TOKEN}`);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('process_resident_memory_bytes');
  });

  it('in production without METRICS_TOKEN, answers nobody', async () => {
    const refused = await scrape(production);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('process_resident_memory_bytes');
  });
});
