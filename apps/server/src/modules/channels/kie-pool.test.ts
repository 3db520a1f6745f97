import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { type FakeKie, type FakeKieAccount, startFakeKie } from '../../../test/fake-kie.ts';
import { deliverKieCallbacks } from '../../../test/kie-engines.ts';
import { createPaidAccount, type PaidAccount } from '../../../test/paid-account.ts';
import { createTestRuntime, listenLocally, type TestRuntime } from '../../../test/test-runtime.ts';
import { kieAccountsOf } from '../../platform/config.ts';
import { KIE_CALLBACK_PATH, kieCallbackSignature } from '../engines/kie-callback.ts';
import { runUpstreamWatch } from '../upstream-watch/balance-watch.ts';
import { kieAccountAlertId } from '../upstream-watch/kie-account-watch.ts';

/*
 * A pool of three kie.ai accounts (docs/upstreams.md, "A pool of kie.ai accounts") through the real
 * app, its real PostgreSQL and its pump, against a fake kie.ai that paces and bills each key on its
 * own as kie documents (20 new tasks per 10 s per account, 429 beyond).
 */

const HMAC_KEYS = ['pool-hmac-one', 'pool-hmac-two', 'pool-hmac-three'];
let fake: FakeKie;
let keys: FakeKieAccount[];
let runtime: TestRuntime;
let baseUrl: string;
let customer: PaidAccount;
let admin: SignedInAccount;
/** Our account id of each fake account's key. */
let idOf: Map<string, string>;

beforeAll(async () => {
  fake = await startFakeKie({ pendingPolls: 1, webhookHmacKey: HMAC_KEYS[0] });
  keys = [fake.accounts[0] as FakeKieAccount, fake.addAccount({ webhookHmacKey: HMAC_KEYS[1] })];
  keys.push(fake.addAccount({ webhookHmacKey: HMAC_KEYS[2] }));
  const env = {
    PROVIDER_ENGINE: 'kie',
    KIE_API_KEYS: keys.map((key) => key.apiKey).join(','),
    KIE_WEBHOOK_HMAC_KEYS: HMAC_KEYS.join(','),
    KIE_BASE_URL: fake.url,
    PUBLIC_URL: 'https://conduit.example',
    KIE_LOW_BALANCE_CREDITS: '100',
  };
  runtime = await createTestRuntime(env);
  idOf = new Map(kieAccountsOf(runtime.services.config).map((account) => [account.apiKey, account.id]));
  // kie calls back to the app (the URL names a host the test does not serve).
  deliverKieCallbacks(fake, runtime);
  baseUrl = await listenLocally(runtime);
  customer = await createPaidAccount(runtime.services, { credits: 5_000, tier: 'enterprise' });
  admin = await signedInAccount(runtime, 'admin');
});
afterAll(async () => {
  await runtime?.close();
  await fake?.close();
});

interface TaskRow {
  id: string;
  status: string;
  upstream_id: string | null;
  upstream_account: string | null;
}
const tasksOf = async (ids: string[]) =>
  (
    await runtime.services.pool.query<TaskRow>(
      'select id, status, upstream_id, upstream_account from tasks where id = any($1::text[])',
      [ids],
    )
  ).rows;

async function until<T>(what: string, read: () => Promise<T>, isDone: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `count` paid calls at once, over real HTTP connections: the task ids, every answer a success. */
async function callsAtOnce(service: 'video' | 'image', count: number, prompt: string) {
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const response = await fetch(`${baseUrl}/api/provider/${service}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': customer.key },
        body: JSON.stringify({ prompt: `${prompt} ${i}` }),
      });
      return { status: response.status, body: (await response.json()) as { data?: { taskId?: string } } };
    }),
  );
  for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answers.map((answer) => answer.body.data?.taskId as string);
}

const createdBy = (apiKey: string, since: number) =>
  fake.created.filter((create) => create.apiKey === apiKey && create.at >= since);

describe('a pool of three kie.ai accounts', () => {
  it('takes 60 videos at once: 20 on each account, each within one pace window, none refused', async () => {
    const since = Date.now();
    const taskIds = await callsAtOnce('video', 60, 'a pooled video');
    expect(new Set(taskIds).size).toBe(60);
    const started = await until(
      'every video to start upstream',
      () => tasksOf(taskIds),
      (rows) => rows.every((row) => row.upstream_id !== null),
    );
    // kie refused nothing: no account's window overflowed.
    expect(fake.rateLimited).toBe(0);
    for (const key of keys) {
      const creates = createdBy(key.apiKey, since);
      expect(creates).toHaveLength(20);
      const times = creates.map((create) => create.at);
      expect(Math.max(...times) - Math.min(...times)).toBeLessThan(fake.createWindowMs);
      // Each task records the account that created its job (its id, never the key).
      const recorded = started.filter((row) => creates.some((create) => create.taskId === row.upstream_id));
      expect(recorded.map((row) => row.upstream_account)).toEqual(Array(20).fill(idOf.get(key.apiKey)));
    }
    expect(JSON.stringify(started)).not.toContain(keys[0]?.apiKey);

    // Every task completes; each poll went with the key of the account that created its job.
    const settled = await until(
      'every video to complete',
      () => tasksOf(taskIds),
      (rows) => rows.every((row) => row.status !== 'processing'),
      30_000,
    );
    expect(settled.map((row) => row.status)).toEqual(Array(60).fill('completed'));
    const creatorOf = new Map(fake.created.map((create) => [create.taskId, create.apiKey]));
    const polls = fake.requests.filter(
      (request) => request.endpoint === 'record-info' && creatorOf.has(request.query.taskId ?? ''),
    );
    expect(polls.length).toBeGreaterThanOrEqual(60);
    for (const poll of polls) {
      expect(poll.authorization).toBe(`Bearer ${creatorOf.get(poll.query.taskId ?? '')}`);
    }
    // And kie called each back signed with its own account's HMAC key, which the app accepted.
    expect(fake.callbacks.length).toBeGreaterThanOrEqual(60);
    expect(new Set(fake.callbacks.map((callback) => new URL(callback.url).searchParams.get('acct')))).toEqual(
      new Set(idOf.values()),
    );
  });

  it("refuses a callback signed with another account's HMAC key", async () => {
    const [create] = createdBy(keys[1]?.apiKey as string, 0);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const post = (hmacKey: string) =>
      runtime.app.inject({
        method: 'POST',
        url: `${KIE_CALLBACK_PATH}?acct=${idOf.get(keys[1]?.apiKey as string)}`,
        headers: {
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': kieCallbackSignature(hmacKey, create?.taskId as string, timestamp),
        },
        payload: { code: 200, data: { taskId: create?.taskId } },
      });
    expect((await post(HMAC_KEYS[0] as string)).statusCode).toBe(401);
    expect((await post(HMAC_KEYS[1] as string)).statusCode).toBe(200);
  });

  it('an account answering 402 is set aside (the admins told) while the others serve; its credits read back bring it back', async () => {
    const broke = keys[1] as FakeKieAccount;
    const brokeId = idOf.get(broke.apiKey) as string;
    broke.balance = 0;
    // A new pace window for every account (ours is 11 s), so only the 402 decides where the calls go.
    const lastCreateAt = Math.max(...fake.created.map((create) => create.at));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastCreateAt + 11_500 - Date.now())));
    const since = Date.now();
    const requestsBefore = fake.requests.length;
    const taskIds = await callsAtOnce('image', 12, 'an image while one account is broke');
    const started = await until(
      'every image to start upstream',
      () => tasksOf(taskIds),
      (rows) => rows.every((row) => row.upstream_id !== null),
    );
    expect(createdBy(broke.apiKey, since)).toHaveLength(0);
    expect(new Set(started.map((row) => row.upstream_account))).toEqual(
      new Set([idOf.get(keys[0]?.apiKey as string), idOf.get(keys[2]?.apiKey as string)]),
    );
    // It answered 402 (to each create that reached it before the others heard), then got no more.
    const refusedCreates = fake.requests
      .slice(requestsBefore)
      .filter(
        (request) => request.authorization === `Bearer ${broke.apiKey}` && request.endpoint === 'createTask',
      );
    expect(refusedCreates.length).toBeGreaterThanOrEqual(1);
    const { rows: states } = await runtime.services.pool.query(
      'select set_aside_at is not null as is_aside, set_aside_code from kie_accounts where id = $1',
      [brokeId],
    );
    expect(states).toEqual([{ is_aside: true, set_aside_code: 402 }]);
    const alert = await until(
      'the set-aside alert',
      async () =>
        (
          await runtime.services.pool.query('select is_raised, reason from upstream_alerts where id = $1', [
            kieAccountAlertId(brokeId),
          ])
        ).rows[0],
      (row) => row?.is_raised === true,
    );
    expect(alert.reason).toContain('answered 402');
    expect(alert.reason).not.toContain(broke.apiKey);

    // The Channels tab shows each account: pace use, balance, state.
    const tab = await admin.call('GET', '/api/admin/channels');
    expect(tab.statusCode).toBe(200);
    const accounts = tab.json().kieAccounts as Array<Record<string, unknown>>;
    expect(accounts.map((account) => [account.label, account.state, account.balance])).toEqual([
      ['#1', 'active', 1234.5],
      ['#2', 'set_aside', 0],
      ['#3', 'active', 1234.5],
    ]);
    expect(accounts.every((account) => account.paceLimit === 20)).toBe(true);
    expect(accounts.reduce((sum, account) => sum + Number(account.paceUsed), 0)).toBeGreaterThanOrEqual(12);
    expect(JSON.stringify(tab.json())).not.toContain(broke.apiKey);

    // Topped up: the balance watch reads its credits and it serves again, its alert lowered.
    broke.balance = 5_000;
    await runUpstreamWatch(runtime.services);
    const back = (await admin.call('GET', '/api/admin/channels')).json().kieAccounts[1];
    expect(back).toMatchObject({ label: '#2', state: 'active', setAsideReason: null, balance: 5_000 });
    const { rows: lowered } = await runtime.services.pool.query(
      'select is_raised from upstream_alerts where id = $1',
      [kieAccountAlertId(brokeId)],
    );
    expect(lowered).toEqual([{ is_raised: false }]);
  });

  it("a create whose answer is lost records the account it was sent to: kie's callback recovers it and it is polled with that account's key", async () => {
    // Not on the first account, which a task with no account recorded would be polled with.
    const firstId = idOf.get(keys[0]?.apiKey as string);
    expect(
      (await admin.call('PATCH', `/api/admin/kie-accounts/${firstId}`, { active: false })).statusCode,
    ).toBe(200);
    fake.loseNextAnswer('createTask', 'drop');
    const requestsBefore = fake.requests.length;
    const [taskId] = await callsAtOnce('image', 1, 'an image whose answer is lost');
    const [row] = await until(
      'the lost image to complete',
      () => tasksOf([taskId as string]),
      (rows) => rows[0]?.status === 'completed',
    );
    const create = fake.created.find((c) => c.taskId === row?.upstream_id);
    expect(create).toBeDefined();
    expect(row?.upstream_account).toBe(idOf.get(create?.apiKey as string));
    const polls = fake.requests
      .slice(requestsBefore)
      .filter((request) => request.endpoint === 'recordInfo' && request.query.taskId === row?.upstream_id);
    expect(polls.length).toBeGreaterThan(0);
    for (const poll of polls) expect(poll.authorization).toBe(`Bearer ${create?.apiKey}`);
    expect(create?.apiKey).not.toBe(keys[0]?.apiKey);
    expect(
      (await admin.call('PATCH', `/api/admin/kie-accounts/${firstId}`, { active: true })).statusCode,
    ).toBe(200);
  });

  it('an admin sets an account aside by hand and re-enables it, both in the audit log', async () => {
    const id = idOf.get(keys[2]?.apiKey as string) as string;
    const aside = await admin.call('PATCH', `/api/admin/kie-accounts/${id}`, { active: false });
    expect(aside.statusCode).toBe(200);
    expect(aside.json().account).toMatchObject({
      id,
      state: 'set_aside',
      setAsideReason: 'Set aside by an admin',
    });
    // The balance watch does not bring back an account an admin set aside.
    await runUpstreamWatch(runtime.services);
    expect((await admin.call('GET', '/api/admin/channels')).json().kieAccounts[2].state).toBe('set_aside');
    const since = Date.now();
    const taskIds = await callsAtOnce('image', 3, 'an image with one account set aside by hand');
    await until(
      'the images to start upstream',
      () => tasksOf(taskIds),
      (rows) => rows.every((row) => row.upstream_id !== null),
    );
    expect(createdBy(keys[2]?.apiKey as string, since)).toHaveLength(0);
    const back = await admin.call('PATCH', `/api/admin/kie-accounts/${id}`, { active: true });
    expect(back.json().account).toMatchObject({ state: 'active', setAsideAt: null });
    const { rows } = await runtime.services.pool.query(
      `select details from admin_audit_log where action = 'kie_account.updated' order by at`,
    );
    expect(
      rows
        .filter((row) => row.details.account === id)
        .map((row) => [row.details.account, row.details.after.active]),
    ).toEqual([
      [id, false],
      [id, true],
    ]);
    const unknown = await admin.call('PATCH', '/api/admin/kie-accounts/k00000000', { active: true });
    expect(unknown.statusCode).toBe(404);
  });
});
