import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one file at a time on a 2-core machine (cores - 1), but most server test
    // files wait more than they compute (child processes, PostgreSQL, the development engine's
    // jobs): the whole suite used about a quarter of its wall time in CPU. Four files at a time
    // keep both cores busy. Each file has its own database, so files never share state.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 4),
    projects: [
      'apps/server',
      'apps/web',
      // Checks of the repository itself (references, install), run by scripts/.
      { test: { name: 'repo', environment: 'node', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
