import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/server',
      'apps/web',
      // Checks of the repository itself (references, install), run by scripts/.
      { test: { name: 'repo', environment: 'node', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
