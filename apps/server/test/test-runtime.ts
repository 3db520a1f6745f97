import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import type { BuildAppOptions } from '../src/app.ts';
import { parseConfig } from '../src/platform/config.ts';
import { type Runtime, startRuntime } from '../src/platform/runtime.ts';
import { dropDatabase, recreateDatabase, withDatabase } from './database-urls.ts';
import { createScriptedEngine } from './scripted-engine.ts';

export interface TestRuntime extends Runtime {
  databaseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A database of the caller's own (cloned from the migrated template) for isolated tests. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `conduit_t_${randomBytes(6).toString('hex')}`;
  await recreateDatabase(adminUrl, name, inject('templateDatabase'));
  return { url: withDatabase(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

/**
 * The real runtime (database, jobs, app) on a fresh database, started the way `npm start`
 * starts it, with configuration overrides for the test.
 */
export async function createTestRuntime(
  env: Record<string, string> = {},
  options: BuildAppOptions = {},
): Promise<TestRuntime> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-data-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
    // Each runtime counts its own rate limits, even on a shared Redis.
    REDIS_PREFIX: `test:${path.basename(database.url)}`,
    ...env,
    DATABASE_URL: database.url,
  });
  const runtime = await startRuntime(config, pino({ level: 'silent' }), options);
  return {
    ...runtime,
    databaseUrl: database.url,
    dataDir,
    async close() {
      await runtime.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Serves the runtime's app on a free port of 127.0.0.1, as a developer's machine would; answers its base URL. */
export async function listenLocally(runtime: Runtime, options: { backlog?: number } = {}): Promise<string> {
  await runtime.app.listen({ port: 0, host: '127.0.0.1', ...options });
  return `http://127.0.0.1:${(runtime.app.server.address() as AddressInfo).port}`;
}

/**
 * The runtime of a test file (or of the describe block that calls it): started before its tests,
 * closed after them. The answer stands for it from the first test on (reading it earlier throws).
 */
export function useTestRuntime(env: Record<string, string> = {}, options: BuildAppOptions = {}): TestRuntime {
  let started: TestRuntime | undefined;
  beforeAll(async () => {
    started = await createTestRuntime(env, options);
  });
  afterAll(() => started?.close());
  return new Proxy({} as TestRuntime, {
    get(_target, name) {
      if (!started) throw new Error('the test runtime starts before the first test');
      return Reflect.get(started, name);
    },
  });
}

/** A test runtime on a scripted engine (the engine too, for a test to count its starts). */
export function useScriptedRuntime() {
  const engine = createScriptedEngine();
  return { engine, runtime: useTestRuntime({}, { engine }) };
}
