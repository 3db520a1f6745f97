import { appPath, ERROR_CODES } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { addKey, createPaidAccount, type PaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

/*
 * A second attack pass over issue 45's changes, as one storm: accounts with limited keys (a daily
 * spend limit, and a key allowed LinkedIn only) make sync and async calls, a third failing, cancel
 * their videos twice at once, and probe other services' tasks and the signing secret with the
 * limited key, all concurrently. Nothing answers 500; balances equal their ledgers; every failed,
 * canceled or aborted task is refunded exactly once, every completed one never; each key's budget
 * holds what its completed calls cost.
 */
const runtime = useTestRuntime({ LOCAL_VIDEO_SECONDS: '1' });

const send = (key: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) =>
  runtime.app.inject({
    method,
    url,
    headers: { 'x-api-key': key, ...headers },
    ...(payload !== undefined && { payload: payload as object }),
  });

async function limitedAccount() {
  const account = await createPaidAccount(runtime.services, { credits: 2_000, tier: 'enterprise' });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const edit = (keyId: string, body: unknown) =>
    runtime.app.inject({
      method: 'PATCH',
      url: appPath('updateKey', { id: keyId }),
      headers: { cookie, 'x-requested-with': 'conduit' },
      payload: body as object,
    });
  expect((await edit(account.keyId, { spendLimit: { credits: 1_500, period: 'day' } })).statusCode).toBe(200);
  const linkedinOnly = await addKey(runtime.services, account);
  const limited = await edit(linkedinOnly.keyId, {
    permissions: { image: false, video: false, sora: false, linkedin: true },
    spendLimit: { credits: 500, period: 'day' },
  });
  expect(limited.statusCode).toBe(200);
  return { account, linkedinOnly };
}

async function storm(account: PaidAccount, linkedinOnly: { key: string }) {
  const answers = [];
  const linkedin = Array.from({ length: 24 }, (_, n) =>
    send(
      n % 2 ? account.key : linkedinOnly.key,
      'POST',
      '/api/provider/linkedin',
      {
        username: n % 3 === 0 ? `fail-${n}` : `person-${n}`,
        limit: 1,
      },
      n % 4 === 0 ? { 'idempotency-key': `li-${n}` } : {},
    ),
  );
  const videos = await Promise.all(
    Array.from({ length: 6 }, (_, n) =>
      send(account.key, 'POST', '/api/provider/video', {
        prompt: n >= 3 && n < 5 ? `a fox [fail] ${n}` : `a fox ${n}`,
      }),
    ),
  );
  answers.push(...videos);
  const videoIds = videos.map((video) => video.json().data.taskId as string);
  const cancels = videoIds
    .slice(0, 3)
    .flatMap((id) => [1, 2].map(() => send(account.key, 'POST', `/api/provider/tasks/${id}/cancel`)));
  const probes = [
    send(linkedinOnly.key, 'POST', `/api/provider/tasks/${videoIds[5]}/cancel`),
    send(linkedinOnly.key, 'GET', `/api/provider/video/status/${videoIds[5]}`),
    send(linkedinOnly.key, 'GET', appPath('webhookSecret')),
  ];
  answers.push(...(await Promise.all([...linkedin, ...cancels])));
  for (const probe of await Promise.all(probes)) {
    expect(probe.statusCode, probe.body).toBe(403);
    if (probe.json().code !== ERROR_CODES.FORBIDDEN) expect(probe.json().code).toBe(ERROR_CODES.KEY_SCOPE);
  }
  return answers;
}

describe('attack pass: money under a mixed storm on limited keys', () => {
  it('no 500, balances = ledgers, each failed or canceled task refunded once, budgets = completed costs', async () => {
    const accounts = await Promise.all(Array.from({ length: 5 }, () => limitedAccount()));
    const answers = (
      await Promise.all(accounts.map(({ account, linkedinOnly }) => storm(account, linkedinOnly)))
    ).flat();
    expect(answers.filter((answer) => answer.statusCode === 500).map((answer) => answer.body)).toEqual([]);

    const ids = accounts.map(({ account }) => account.workspaceId);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await runtime.services.pool.query(
        "select count(*)::int as n from tasks where workspace_id = any($1) and status = 'processing'",
        [ids],
      );
      if (rows[0].n === 0) break;
      if (Date.now() > deadline) throw new Error(`${rows[0].n} tasks still processing`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const refunds = await runtime.services.pool.query(
      `select t.status, t.cost, coalesce(sum(e.delta), 0)::int as refunded, count(e.id)::int as entries
         from tasks t left join credit_entries e on e.reference = t.id and e.reason = 'refund'
        where t.workspace_id = any($1) group by t.id`,
      [ids],
    );
    for (const task of refunds.rows) {
      const expected = task.status === 'completed' ? [0, 0] : [1, task.cost];
      expect([task.entries, task.refunded], JSON.stringify(task)).toEqual(expected);
    }
    const ledgers = await runtime.services.pool.query(
      `select c.workspace_id, c.balance,
              (select coalesce(sum(delta), 0)::int from credit_entries e where e.workspace_id = c.workspace_id) as sum
         from credit_accounts c where c.workspace_id = any($1)`,
      [ids],
    );
    for (const row of ledgers.rows) expect(row.balance, row.workspace_id).toBe(row.sum);
    const budgets = await runtime.services.pool.query(
      `select k.id, k.spent_credits,
              (select coalesce(sum(t.cost), 0)::int from tasks t where t.api_key_id = k.id and t.status = 'completed') as completed
         from api_keys k where k.workspace_id = any($1)`,
      [ids],
    );
    for (const key of budgets.rows) expect(key.spent_credits, key.id).toBe(key.completed);
  }, 120_000);
});
