import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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
});
