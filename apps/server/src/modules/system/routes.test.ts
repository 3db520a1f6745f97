import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { checkReadiness } from './check-readiness.ts';

describe('health, readiness and metrics', () => {
  const runtime = useTestRuntime();

  it('answers liveness', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
  });

  it('is ready when the database, the job queue and the result store answer', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ready');
    const expected = ['database', 'jobs', 'storage', ...(process.env.REDIS_URL ? ['redis'] : [])];
    expect(body.checks.map((check: { name: string }) => check.name)).toEqual(expected);
    expect(body.checks.every((check: { ok: boolean }) => check.ok)).toBe(true);
  });

  it('is not ready when the database cannot be reached', async () => {
    const pool = new pg.Pool({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      connectionTimeoutMillis: 500,
    });
    const result = await checkReadiness({ db: drizzle(pool), storage: runtime.services.storage });
    await pool.end();
    expect(result.isReady).toBe(false);
    expect(result.checks.find((check) => check.name === 'database')?.ok).toBe(false);
  });

  it('exposes request latency per route pattern in Prometheus format', async () => {
    await runtime.app.inject({ method: 'GET', url: '/api/credits/packages' });
    const response = await runtime.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain(
      'conduit_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/credits/packages",status_code="200"}',
    );
    // The top buckets cover the sync endpoints' waits (up to 150 s, and the leases past them).
    expect(response.body).toContain(
      'conduit_http_request_duration_seconds_bucket{le="180",method="GET",route="/api/credits/packages",status_code="200"}',
    );
    expect(response.body).toMatch(
      /conduit_http_requests_total\{method="GET",route="\/api\/credits\/packages",status_class="2xx"\} [1-9]/,
    );
    expect(response.body).toContain('process_resident_memory_bytes');
  });
});
