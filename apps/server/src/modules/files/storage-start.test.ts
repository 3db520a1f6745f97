import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { freePort, spawnProcess } from '../../../test/server-processes.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

/** The server process's whole output when it refuses to start with `env`. */
async function refusedStart(env: Record<string, string>) {
  const started = spawnProcess({ NODE_ENV: 'test', PORT: String(await freePort()), ...env });
  expect(await started.exited).toEqual({ code: 1, signal: null });
  return started.output();
}

describe('a result store that cannot be reached', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const resource of opened.reverse()) await resource.close();
  });

  it('stops the start with one line naming the store: an unreachable endpoint, a missing bucket', async () => {
    const s3 = await startTestS3();
    opened.push(s3);
    const closedPort = await freePort();
    expect(await refusedStart({ ...s3.env, AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${closedPort}` })).toMatch(
      new RegExp(
        `^Storage unavailable: S3 bucket "${s3.env.S3_BUCKET}" \\([^\\n]*ECONNREFUSED[^\\n]*\\)\\n$`,
      ),
    );
    expect(await refusedStart({ ...s3.env, S3_BUCKET: 'no-such-bucket' })).toBe(
      'Storage unavailable: S3 bucket "no-such-bucket" (no such bucket, HTTP 404)\n',
    );
  }, 60_000);

  it('turns /readyz to 503 with the storage check failing once the store stops answering', async () => {
    const s3: TestS3 = await startTestS3();
    const runtime: TestRuntime = await createTestRuntime(s3.env);
    opened.push(runtime);
    const readiness = async () => {
      const answer = await runtime.app.inject({ method: 'GET', url: '/readyz' });
      const { checks } = answer.json() as { checks: Array<{ name: string; ok: boolean }> };
      return { status: answer.statusCode, failing: checks.filter((c) => !c.ok).map((c) => c.name) };
    };
    expect(await readiness()).toEqual({ status: 200, failing: [] });
    await s3.close();
    expect(await readiness()).toEqual({ status: 503, failing: ['storage'] });
  }, 60_000);
});
