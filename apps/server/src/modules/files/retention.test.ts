import { callDetailPath } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaidAccount,
  deleteOwnAccount,
  type PaidAccount,
  postWithKey,
  sessionCookieFor,
} from '../../../test/paid-account.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { systemClock } from '../../platform/services.ts';
import { deleteExpiredResults } from './retention.ts';

const RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;

let runtime: TestRuntime;
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
  runtime = await createTestRuntime(
    { ...s3.env, RESULT_RETENTION_DAYS: String(RETENTION_DAYS) },
    { engine: createScriptedEngine() },
  );
});
afterAll(async () => {
  await runtime?.close();
  await s3?.close();
});

/** An image made through the public API: the answer's task id, file path and expiry. */
async function makeImage(account: PaidAccount) {
  const made = await postWithKey(runtime.app, account.key, '/api/provider/image', {
    prompt: 'a lighthouse at dusk',
  });
  expect(made.statusCode).toBe(200);
  const data = made.json().data as { taskId: string; resultUrls: string[]; expiresAt: string };
  expect(data.resultUrls).toHaveLength(1);
  return {
    taskId: data.taskId,
    path: new URL(data.resultUrls[0] as string).pathname,
    expiresAt: data.expiresAt,
  };
}

const getFile = (path: string) => runtime.app.inject({ method: 'GET', url: path });
const storedKeysOf = async (taskId: string) => (await s3.keys()).filter((key) => key.includes(`/${taskId}/`));
const at = (time: number) => ({ now: () => new Date(time) });

describe('result retention (RESULT_RETENTION_DAYS, S3 driver)', () => {
  it('states expiresAt in the answer, the status, the call detail and the usage list', async () => {
    const account = await createPaidAccount(runtime.services);
    const before = Date.now();
    const image = await makeImage(account);
    const expiresAt = Date.parse(image.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + RETENTION_DAYS * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + RETENTION_DAYS * DAY_MS);

    const status = await runtime.app.inject({
      method: 'GET',
      url: `/api/provider/image/status/${image.taskId}`,
      headers: { 'x-api-key': account.key },
    });
    expect(status.json().data.expiresAt).toBe(image.expiresAt);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const detail = await runtime.app.inject({
      method: 'GET',
      url: callDetailPath(image.taskId),
      headers: { cookie },
    });
    expect(detail.json()).toMatchObject({ expiresAt: image.expiresAt, resultUrls: [expect.any(String)] });
    const usage = await runtime.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie } });
    expect(usage.json().items[0]).toMatchObject({ taskId: image.taskId, expiresAt: image.expiresAt });
  });

  it('serves the file until it expires, then answers 410; the expiry job deletes it from the store', async () => {
    const account = await createPaidAccount(runtime.services);
    const image = await makeImage(account);
    const expiresAt = Date.parse(image.expiresAt);
    expect(await storedKeysOf(image.taskId)).toHaveLength(1);
    try {
      runtime.services.clock = at(expiresAt - 1_000);
      const stillServed = await getFile(image.path);
      expect(stillServed.statusCode).toBe(200);
      expect(stillServed.headers['cache-control']).toBe('public, max-age=1, immutable');
      // Nothing is due yet, so the job deletes nothing of this task.
      await deleteExpiredResults(runtime.services);
      expect(await storedKeysOf(image.taskId)).toHaveLength(1);

      runtime.services.clock = at(expiresAt);
      const expired = await getFile(image.path);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({
        code: 'RESULT_EXPIRED',
        error: `This result is no longer available: it expired on ${image.expiresAt}. Results are kept ${RETENTION_DAYS} days after their call completes.`,
      });
      expect(await deleteExpiredResults(runtime.services)).toBeGreaterThanOrEqual(1);
      expect(await storedKeysOf(image.taskId)).toEqual([]);
      const { rows } = await runtime.services.pool.query(
        'select results_deleted_at from tasks where id = $1',
        [image.taskId],
      );
      expect(rows[0].results_deleted_at).toEqual(new Date(expiresAt));
      expect((await getFile(image.path)).statusCode).toBe(410);
      // A second run finds nothing left to delete for it.
      expect(await deleteExpiredResults(runtime.services)).toBe(0);
    } finally {
      runtime.services.clock = systemClock;
    }
  });

  it("expires a deleted account's results at once, and the worker job deletes their files", async () => {
    const account = await createPaidAccount(runtime.services);
    const other = await createPaidAccount(runtime.services);
    const image = await makeImage(account);
    const kept = await makeImage(other);
    await deleteOwnAccount(runtime, account);
    expect((await getFile(image.path)).statusCode).toBe(410);

    // The deletion queued the expiry job: the runtime's own worker deletes the files.
    const deadline = Date.now() + 20_000;
    while ((await storedKeysOf(image.taskId)).length > 0) {
      if (Date.now() > deadline) throw new Error('the expiry job did not delete the files');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await storedKeysOf(kept.taskId)).toHaveLength(1);
    expect((await getFile(kept.path)).statusCode).toBe(200);
  });
});
