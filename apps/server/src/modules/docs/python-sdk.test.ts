import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ENDPOINTS, findEndpoint, pythonSdkExample, SERVICE_COST } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import {
  findMypyPython,
  type InstalledSdk,
  installSdkFromWheel,
  PYTHON_PACKAGE,
  pythonBlocksOf,
  run,
} from '../../../test/python-wheel.ts';
import { listeningRuntime, slowVideoRuntime } from '../../../test/runtime-with-inbox.ts';
import { webhookSecretFor } from '../events/signing.ts';

// The Python SDK as a developer installs it (the wheel, built offline, in a fresh venv), against a
// server on a real port: its unittest suite, the README's examples and the docs' SDK examples.
const server = listeningRuntime({}, ({ runtime, baseUrl }) => {
  // As deployed, the public URL is where the server answers: result URLs then download as given.
  (runtime.services.config as { PUBLIC_URL: string }).PUBLIC_URL = baseUrl;
});
let sdk: InstalledSdk;
beforeAll(async () => {
  sdk = await installSdkFromWheel();
}, 240_000);
afterAll(() => sdk?.remove());

describe('the Python SDK (packages/python)', () => {
  it('is imported from the wheel installed in the venv, not from the repository', async () => {
    const { stdout } = await run(sdk.python, ['-c', 'import conduitapi; print(conduitapi.__file__)'], {
      cwd: sdk.workDir,
    });
    expect(stdout).toContain(`${path.sep}site-packages${path.sep}conduitapi${path.sep}`);
    expect(stdout).not.toContain(PYTHON_PACKAGE);
    expect(path.basename(sdk.wheel)).toMatch(/^conduitapi-[\d.]+-py3-none-any\.whl$/);
    // Nothing of the build is left in the repository.
    const { stdout: untracked } = await run(
      'git',
      ['status', '--porcelain', '--untracked-files=all', '--', '.'],
      {
        cwd: PYTHON_PACKAGE,
      },
    );
    expect(untracked.split('\n').filter((line) => /build\/|egg-info/.test(line))).toEqual([]);
  });

  it('is mypy --strict clean, package and README examples', async () => {
    const mypy = await findMypyPython();
    const readme = await readFile(path.join(PYTHON_PACKAGE, 'README.md'), 'utf8');
    const files: string[] = [];
    for (const [index, block] of pythonBlocksOf(readme).entries()) {
      const file = path.join(sdk.workDir, `readme_example_${index}.py`);
      await writeFile(file, block);
      files.push(file);
    }
    expect(files.length).toBeGreaterThanOrEqual(4);
    const args = [
      '-m',
      'mypy',
      '--strict',
      '--python-executable',
      sdk.python,
      '--cache-dir',
      path.join(sdk.workDir, '.mypy_cache'),
    ];
    const check = (targets: string[]) =>
      run(mypy, [...args, ...targets], { cwd: sdk.workDir, timeout: 180_000 }).catch(
        (error: { stdout: string }) => {
          throw new Error(`mypy --strict failed:\n${error.stdout}`);
        },
      );
    expect((await check(['-p', 'conduitapi'])).stdout).toMatch(/^Success: no issues found/m);
    expect((await check(files)).stdout).toMatch(/^Success: no issues found/m);
    // mypy does fail on a wrong enum value, so the checks above can fail.
    const wrong = path.join(sdk.workDir, 'wrong.py');
    await writeFile(
      wrong,
      'from conduitapi import Conduit\nConduit().generate_image("x", image_size="7:7")\n',
    );
    await expect(check([wrong])).rejects.toThrow(/image_size/);
    // ... and on a model of the other service; a model's own fields pass as keyword arguments.
    await writeFile(
      wrong,
      'from conduitapi import Conduit\nConduit().generate_image("x", model="kling-2.6")\n',
    );
    await expect(check([wrong])).rejects.toThrow(/model/);
    const right = path.join(sdk.workDir, 'right.py');
    await writeFile(
      right,
      'from conduitapi import Conduit\nConduit().create_video("x", model="kling-2.6", aspect_ratio="1:1", duration=10)\n',
    );
    expect((await check([right])).stdout).toMatch(/^Success: no issues found/m);
  }, 240_000);

  it('runs every Python example of its README, as written, from the venv', async () => {
    const account = await createPaidAccount(server.runtime.services, {
      credits: 100,
      label: 'python-readme',
    });
    const readme = await readFile(path.join(PYTHON_PACKAGE, 'README.md'), 'utf8');
    const env = { ...process.env, CONDUIT_BASE_URL: server.baseUrl, CONDUIT_API_KEY: account.key };
    for (const block of pythonBlocksOf(readme)) {
      await run(sdk.python, ['-c', block], { cwd: sdk.workDir, env, timeout: 120_000 }).catch(
        (error: { stderr: string }) => {
          throw new Error(`README example failed:\n${block}\n${error.stderr}`);
        },
      );
    }
    const ledger = await ledgerCheck(server.runtime.services, account.workspaceId);
    expect(ledger.balance).toBe(ledger.sum);
    expect(ledger.balance).toBeLessThan(100);
  }, 240_000);

  it('passes its unittest suite against the running server', async () => {
    // Enterprise: the suite's polling and reads make more than a free account's 60 requests a
    // minute, and each 429 made a later test wait out its Retry-After (70 s of a 122 s run).
    const account = await createPaidAccount(server.runtime.services, {
      credits: 150,
      tier: 'enterprise',
      label: 'python',
    });
    const poor = await createPaidAccount(server.runtime.services, { credits: 3, label: 'python-poor' });
    const limited = await createPaidAccount(server.runtime.services, {
      tier: 'enterprise',
      label: 'python-limited',
    });
    await server.runtime.services.pool.query(
      'update workspaces set rate_limit_per_minute = 1 where id = $1',
      [limited.workspaceId],
    );
    const imageOnly = await createPaidAccount(server.runtime.services, {
      credits: 5,
      label: 'python-scoped',
    });
    await server.runtime.services.pool.query(`update api_keys set permissions = '{image}' where id = $1`, [
      imageOnly.keyId,
    ]);
    const env = {
      ...process.env,
      CONDUIT_BASE_URL: server.baseUrl,
      CONDUIT_API_KEY: account.key,
      CONDUIT_TEST_POOR_KEY: poor.key,
      CONDUIT_TEST_LIMITED_KEY: limited.key,
      CONDUIT_TEST_IMAGE_ONLY_KEY: imageOnly.key,
      CONDUIT_TEST_WEBHOOK_SECRET: webhookSecretFor(
        server.runtime.services.sessionSecret,
        account.workspaceId,
      ),
    };
    const { stderr } = await run(sdk.python, ['-m', 'unittest', '-v'], {
      cwd: sdk.workDir,
      env,
      timeout: 180_000,
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`python3 -m unittest failed:\n${error.stderr}\n${error.stdout}`);
    });
    expect(stderr).toMatch(/^OK$/m);
    expect(stderr).not.toMatch(/skipped/);
    const ledger = await ledgerCheck(server.runtime.services, account.workspaceId);
    expect(ledger.balance).toBe(ledger.sum);
    expect(ledger.balance).toBeLessThan(150);
  }, 240_000);
});

// The docs' SDK examples on a server of their own, whose video takes minutes: the cancel example
// then finds the video of the earlier example still running (as code-examples.test.ts does).
describe("the docs' Python SDK examples", () => {
  const docs = slowVideoRuntime();

  it('run as written, each charging its cost (the cancel refunding the video)', async () => {
    const account = await createPaidAccount(docs.runtime.services, { credits: 50, label: 'python-docs' });
    const balance = async () => (await ledgerCheck(docs.runtime.services, account.workspaceId)).balance;
    const taskIds = new Map<string, string>();
    for (const endpoint of API_ENDPOINTS) {
      const taskId = endpoint.statusOf ? taskIds.get(findEndpoint(endpoint.statusOf).id) : undefined;
      const code = pythonSdkExample(endpoint, { baseUrl: docs.baseUrl, apiKey: account.key, taskId });
      const before = await balance();
      const { stdout } = await run(sdk.python, ['-c', code], { cwd: sdk.workDir, timeout: 120_000 });
      const printed = JSON.parse(stdout) as {
        task_id?: string;
        credits_used?: number;
        credits_refunded?: number;
        outcome?: string;
        balance?: number;
        data?: { task_id?: string }[];
        events?: { id: string }[];
        credits?: number;
        quote_id?: string;
      };
      let refund = 0;
      if (endpoint.isPublic) {
        // The model list: the catalogue's enabled models.
        expect(printed.data?.length, endpoint.id).toBeGreaterThan(0);
      } else if (endpoint.mode === 'account') {
        // The account, or a page of the request log or of the events the examples before made.
        if (printed.data) expect(printed.data.length, endpoint.id).toBeGreaterThan(0);
        else expect(printed.balance, endpoint.id).toBe(before);
      } else if (endpoint.mode === 'list') expect(printed.data?.length, endpoint.id).toBeGreaterThan(0);
      else if (endpoint.mode === 'quote') {
        expect(printed.credits, endpoint.id).toBeGreaterThan(0);
        expect(printed.quote_id, endpoint.id).toMatch(/^quo_/);
      } else if (endpoint.mode === 'cancel') {
        refund = SERVICE_COST.video;
        expect([printed.outcome, printed.credits_refunded], endpoint.id).toEqual(['canceled', refund]);
      } else
        expect(printed.credits_used, endpoint.id).toBe(findEndpoint(endpoint.statusOf ?? endpoint.id).cost);
      if (printed.task_id) taskIds.set(endpoint.id, printed.task_id);
      if (taskId) expect(printed.task_id).toBe(taskId);
      expect(await balance(), endpoint.id).toBe(before - endpoint.cost + refund);
    }
  }, 240_000);
});
