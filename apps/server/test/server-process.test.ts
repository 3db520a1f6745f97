import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node src/main.ts` as `npm start` runs it, on the embedded database (DATABASE_URL removed). */
function startServer(env: Record<string, string>): Started {
  const { DATABASE_URL: _ignored, REDIS_URL: _alsoIgnored, ...inherited } = process.env;
  const child = spawn(process.execPath, [MAIN], { env: { ...inherited, LOG_LEVEL: 'info', ...env } });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForReady(port: number, started: Started) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    if (response?.ok)
      return (await response.json()) as { status: string; installedAt: string; startCount: number };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready: ${started.output()}`);
}

describe('the server process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('stops a bad configuration with one clear line and exit code 1', async () => {
    const started = startServer({ PORT: 'not-a-port' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toBe(
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "not-a-port")\n',
    );
  });

  it('stops a half-configured Stripe with one clear line, not a stack trace', async () => {
    const started = startServer({ STRIPE_WEBHOOK_SECRET: 'whsec_only_half' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toBe(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is set, so STRIPE_SECRET_KEY must be set too\n',
    );
  });

  it('starts on embedded PostgreSQL, keeps its data across a restart, and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-proc-'));
    dirs.push(dataDir);
    const port = await freePort();

    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    const firstReady = await waitForReady(port, first);
    expect(firstReady).toMatchObject({ status: 'ready', startCount: 1 });
    const packages = (await fetch(`http://127.0.0.1:${port}/api/credits/packages`).then((r) => r.json())) as {
      packages: Record<string, { price: number }>;
    };
    expect(packages.packages.starter?.price).toBe(999);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const second = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    const secondReady = await waitForReady(port, second);
    expect(secondReady).toMatchObject({
      status: 'ready',
      startCount: 2,
      installedAt: firstReady.installedAt,
    });
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('recovers the data directory after the server was killed outright', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForReady(port, first);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    expect(await waitForReady(port, second)).toMatchObject({ status: 'ready', startCount: 2 });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
