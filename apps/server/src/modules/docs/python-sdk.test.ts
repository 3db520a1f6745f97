import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { API_ENDPOINTS, findEndpoint, pythonSdkExample } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { withListeningRuntime } from '../../../test/runtime-with-inbox.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';
import { webhookSecretFor } from '../webhooks/signing.ts';

const run = promisify(execFile);
const PYTHON_PACKAGE = fileURLToPath(new URL('../../../../../packages/python', import.meta.url));

// The Python SDK's own unittest suite (packages/python/tests) against a server on a real port.
let runtime: TestRuntime;
let baseUrl: string;
withListeningRuntime((started, url) => {
  runtime = started;
  baseUrl = url;
});

describe('the Python SDK (packages/python)', () => {
  it('passes its unittest suite against the running server', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, label: 'python' });
    const poor = await createPaidAccount(runtime.services, { credits: 3, label: 'python-poor' });
    const limited = await createPaidAccount(runtime.services, {
      tier: 'enterprise',
      label: 'python-limited',
    });
    await runtime.services.pool.query('update workspaces set rate_limit_per_minute = 1 where id = $1', [
      limited.workspaceId,
    ]);
    const imageOnly = await createPaidAccount(runtime.services, { credits: 5, label: 'python-scoped' });
    await runtime.services.pool.query(`update api_keys set permissions = '{image}' where id = $1`, [
      imageOnly.keyId,
    ]);
    const env = {
      ...process.env,
      CONDUIT_BASE_URL: baseUrl,
      CONDUIT_API_KEY: account.key,
      CONDUIT_TEST_POOR_KEY: poor.key,
      CONDUIT_TEST_LIMITED_KEY: limited.key,
      CONDUIT_TEST_IMAGE_ONLY_KEY: imageOnly.key,
      CONDUIT_TEST_WEBHOOK_SECRET: webhookSecretFor(runtime.services.sessionSecret, account.workspaceId),
    };
    const { stderr } = await run('python3', ['-m', 'unittest', '-v'], {
      cwd: PYTHON_PACKAGE,
      env,
      timeout: 120_000,
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`python3 -m unittest failed:\n${error.stderr}\n${error.stdout}`);
    });
    expect(stderr).toMatch(/^OK$/m);
    expect(stderr).not.toMatch(/skipped/);
    const ledger = await ledgerCheck(runtime.services, account.workspaceId);
    expect(ledger.balance).toBe(ledger.sum);
    expect(ledger.balance).toBeLessThan(100);
  }, 150_000);

  it("runs the docs' SDK example of every endpoint as written, each charging its cost", async () => {
    const account = await createPaidAccount(runtime.services, { credits: 50, label: 'python-docs' });
    const balance = async () => (await ledgerCheck(runtime.services, account.workspaceId)).balance;
    const taskIds = new Map<string, string>();
    for (const endpoint of API_ENDPOINTS) {
      const taskId = endpoint.statusOf ? taskIds.get(findEndpoint(endpoint.statusOf).id) : undefined;
      const code = pythonSdkExample(endpoint, { baseUrl, apiKey: account.key, taskId });
      const before = await balance();
      const { stdout } = await run('python3', ['-c', code], {
        env: { ...process.env, PYTHONPATH: PYTHON_PACKAGE },
        timeout: 60_000,
      });
      const printed = JSON.parse(stdout) as { task_id?: string; credits_used?: number; balance?: number };
      if (endpoint.mode === 'account') expect(printed.balance, endpoint.id).toBe(before);
      else
        expect(printed.credits_used, endpoint.id).toBe(findEndpoint(endpoint.statusOf ?? endpoint.id).cost);
      if (printed.task_id) taskIds.set(endpoint.id, printed.task_id);
      if (taskId) expect(printed.task_id).toBe(taskId);
      expect(await balance(), endpoint.id).toBe(before - endpoint.cost);
    }
  }, 60_000);
});
