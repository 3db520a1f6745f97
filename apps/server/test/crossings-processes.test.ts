import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALERT_TEXTS } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccount, purchaseCount, sandboxPurchase, TOP_UP, topUpPayments } from './billing-account.ts';
import { freePort, type ServerProcess, spawnProcess, stopProcess, waitForReady } from './server-processes.ts';
import { createTestRuntime, type TestRuntime } from './test-runtime.ts';

/*
 * A balance falling under an auto top-up's threshold and a low-balance alert's, while two worker
 * processes scan every second on the same database: each crossing buys one pack and sends one
 * mail, whichever process sees it first. The test's own runtime is an API process (it scans
 * nothing) used to set things up.
 */
let runtime: TestRuntime;
const workers: ServerProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  runtime = await createTestRuntime({ ROLE: 'api', PUBLIC_URL: 'http://localhost:3999' });
  for (let index = 0; index < 2; index += 1) {
    const dataDir = await mkdtemp(path.join(tmpdir(), `conduit-worker-${index}-`));
    dataDirs.push(dataDir);
    const worker = spawnProcess({
      NODE_ENV: 'test',
      ROLE: 'worker',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: runtime.databaseUrl,
      SESSION_SECRET: runtime.services.sessionSecret,
      PUBLIC_URL: 'http://localhost:3999',
      AUTO_TOPUP_INTERVAL_S: '1',
      BALANCE_ALERTS_INTERVAL_S: '1',
    });
    workers.push(worker);
  }
  await Promise.all(workers.map((worker) => waitForReady(worker)));
}, 90_000);
afterAll(async () => {
  await Promise.all(workers.map((worker) => stopProcess(worker)));
  await runtime.close();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Low-balance mails written by the two workers (no SMTP_URL: each writes its own outbox). */
async function outboxMails(): Promise<string[]> {
  const subject = ALERT_TEXTS.mailSubject(100);
  const mails = await Promise.all(
    dataDirs.map(async (dir) => {
      const files = await readdir(path.join(dir, 'outbox')).catch(() => [] as string[]);
      const mailFiles = files.filter((file) => file.endsWith('.eml'));
      return Promise.all(mailFiles.map((file) => readFile(path.join(dir, 'outbox', file), 'utf8')));
    }),
  );
  return mails.flat().filter((mail) => mail.includes(`Subject: ${subject}`));
}

describe('crossings seen by two worker processes', () => {
  it('one crossing buys one pack and sends one low-balance mail', async () => {
    const account = await billingAccount(runtime, 200);
    await sandboxPurchase(account);
    expect((await account.saveAutoTopUp(TOP_UP)).statusCode).toBe(200);
    const alert = await account.call('POST', '/api/alerts', { threshold: 100 });
    expect(alert.statusCode, alert.body).toBeLessThan(300);
    const purchasesBefore = await purchaseCount(runtime, account.workspaceId);
    const mailsBefore = (await outboxMails()).length;

    await account.spendDownTo(10);
    await expect
      .poll(() => purchaseCount(runtime, account.workspaceId), { timeout: 20_000 })
      .toBe(purchasesBefore + 1);
    await expect
      .poll(async () => (await outboxMails()).length, { timeout: 20_000 })
      .toBeGreaterThan(mailsBefore);
    // Several more scans of both workers: nothing more happens for the same crossing.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await purchaseCount(runtime, account.workspaceId)).toBe(purchasesBefore + 1);
    expect(await topUpPayments(runtime, account.workspaceId)).toHaveLength(1);
    const alertMails = (await outboxMails()).length - mailsBefore;
    expect(alertMails).toBe(1);
  }, 60_000);
});
