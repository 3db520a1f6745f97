import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../../vitest.workers.ts';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    maxWorkers: MAX_WORKERS,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Four files at a time on 2 cores (vitest.workers.ts): a page test of many clicks took 5-7 s.
    testTimeout: 15_000,
    // Files share a worker's modules and jsdom (setup.ts cleans the DOM and storage after each test):
    // on 2 cores 2.1 min with one worker per file, under 1 min without.
    isolate: false,
  },
});
