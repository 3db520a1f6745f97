import { defineConfig } from 'vitest/config';
import { MAX_WORKERS } from './vitest.workers.ts';

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    projects: [
      'apps/server',
      'apps/web',
      // Checks of the repository itself (references, install), run by scripts/.
      {
        test: {
          name: 'repo',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          maxWorkers: MAX_WORKERS,
        },
      },
    ],
  },
});
