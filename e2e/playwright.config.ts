import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A second server started with WAITLIST_MODE=true, for the waitlist journeys. */
export const WAITLIST_URL = `http://127.0.0.1:${PORT + 1}`;
/** Accounts the e2e server makes admins when they sign in (ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = 'admin@e2e.conduit.test';
// Set once in the runner; its workers inherit them, so tests can read the servers' mail outboxes.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `conduit-e2e-${process.pid}`);
process.env.E2E_WAITLIST_DATA_DIR ??= path.join(tmpdir(), `conduit-e2e-waitlist-${process.pid}`);

const serverDefaults = {
  command: `node start-server.ts`,
  timeout: 120_000,
  reuseExistingServer: false,
  // SIGTERM lets the server stop its embedded PostgreSQL and remove its data directory.
  gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

/** Browser journeys in Debian's Chromium against the built app, started the way `npm start` starts it. */
export default defineConfig({
  testDir: './tests',
  // Journeys of many steps with axe checks: 30 s was their limit on a quiet machine, and the same
  // journeys took over 30 s on a slower day of the same 2-core machine kind (16 s alone, over 30 s
  // beside a second worker). A higher limit makes no assertion weaker.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      ...serverDefaults,
      url: `${BASE_URL}/readyz`,
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: BASE_URL,
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      },
    },
    {
      ...serverDefaults,
      url: `${WAITLIST_URL}/readyz`,
      env: {
        PORT: String(PORT + 1),
        DATA_DIR: process.env.E2E_WAITLIST_DATA_DIR,
        PUBLIC_URL: WAITLIST_URL,
        WAITLIST_MODE: 'true',
      },
    },
  ],
});
