import { describe, expect, it } from 'vitest';
import { createPaidAccount, postWithKey } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

// The engine `npm start` runs: the local engine behind the failover engine and its channels.
const runtime = useTestRuntime();

const scrape = async () => (await runtime.app.inject({ method: 'GET', url: '/metrics' })).body;
const sampleOf = (body: string, pattern: RegExp) => {
  const line = body.split('\n').find((candidate) => pattern.test(candidate));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('upstream, result store and database pool metrics', () => {
  it('times each channel call, counts store operations and reads the pool at scrape', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const image = await postWithKey(runtime.app, account.key, '/api/provider/image', { prompt: 'A fox' });
    expect(image.statusCode).toBe(200);
    const url = new URL(image.json().data.resultUrls[0] as string);
    const file = await runtime.app.inject({ method: 'GET', url: url.pathname });
    expect(file.statusCode).toBe(200);
    const missing = await runtime.app.inject({
      method: 'GET',
      url: url.pathname.replace(/[a-z0-9]{20}\./, `${'a'.repeat(20)}.`),
    });
    expect(missing.statusCode).toBe(404);

    const body = await scrape();
    const started = sampleOf(
      body,
      /^conduit_upstream_request_duration_seconds_count\{channel="[^"]+",operation="start",outcome="ok"\}/,
    );
    expect(started).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(/conduit_upstream_request_duration_seconds_bucket\{le="180",channel="[^"]+"/);
    const kind = runtime.services.storage.kind;
    expect(
      sampleOf(
        body,
        new RegExp(
          `^conduit_result_store_operations_total\\{store="${kind}",operation="put",outcome="ok"\\}`,
        ),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(
        body,
        new RegExp(
          `^conduit_result_store_operations_total\\{store="${kind}",operation="read",outcome="ok"\\}`,
        ),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(
        body,
        new RegExp(
          `^conduit_result_store_operations_total\\{store="${kind}",operation="stat",outcome="missing"\\}`,
        ),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(
      /^conduit_result_store_duration_seconds_count\{store="[a-z0-9]+",operation="put"\} [1-9]/m,
    );
    const total = sampleOf(body, /^conduit_db_pool_connections\{state="total"\}/) ?? -1;
    const idle = sampleOf(body, /^conduit_db_pool_connections\{state="idle"\}/) ?? -1;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total);
    expect(sampleOf(body, /^conduit_db_pool_connections\{state="max"\}/)).toBeGreaterThanOrEqual(total);
    // Our own series all carry the prefix; the unprefixed ones are Node's and prom-client's defaults.
    const ours = body
      .split('\n')
      .filter((line) => line.startsWith('# TYPE '))
      .map((line) => line.split(' ')[2] as string)
      .filter((name) => !/^(process_|nodejs_)/.test(name));
    expect(ours.length).toBeGreaterThan(5);
    expect(ours.filter((name) => !name.startsWith('conduit_'))).toEqual([]);
  });
});
