import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { connectDatabase } from '../src/platform/database.ts';
import { systemClock } from '../src/platform/services.ts';
import { connectTestDatabase } from './database-urls.ts';
import {
  freePort,
  type ServerProcess,
  spawnProcess,
  stopProcess,
  TEST_PROCESS_POOL_SIZE,
  waitForReady,
} from './server-processes.ts';
import { createTestDatabase } from './test-runtime.ts';

export type ProcessSetContext = ReturnType<typeof connectDatabase> & {
  clock: typeof systemClock;
  sessionSecret: string;
};

/**
 * Real server processes (children running `node src/main.ts`) on a database and a data folder of
 * their own, as a deployment of several processes runs: `ctx` reaches the same database from the
 * test, `start(role)` adds a process once it is ready, `close()` kills every process and removes
 * what the set made.
 */
export async function createProcessSet(name: string, extraEnv: Record<string, string>, poolSize: number) {
  const database = await createTestDatabase();
  const sessionSecret = `${name}-test-${randomBytes(16).toString('hex')}`;
  const ctx: ProcessSetContext = {
    ...connectTestDatabase(database.url, poolSize),
    clock: systemClock,
    sessionSecret,
  };
  const dataDir = await mkdtemp(path.join(tmpdir(), `conduit-${name}-`));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_PREFIX: `test:${name}:${randomBytes(6).toString('hex')}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret,
    PROVIDER_ENGINE: 'local',
    DATABASE_POOL_SIZE: TEST_PROCESS_POOL_SIZE,
    ...extraEnv,
  };
  const started: ServerProcess[] = [];
  return {
    ctx,
    env,
    /** Kills this process (one the test spawned itself) with the others at the end. */
    track(server: ServerProcess) {
      started.push(server);
      return server;
    },
    async start(role: 'api' | 'worker' | 'all'): Promise<ServerProcess> {
      const server = this.track(spawnProcess({ ...env, ROLE: role, PORT: String(await freePort()) }));
      await waitForReady(server);
      return server;
    },
    async close() {
      await Promise.all(started.map((server) => stopProcess(server, 'SIGKILL')));
      await ctx.pool.end();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type ProcessSet = Awaited<ReturnType<typeof createProcessSet>>;
