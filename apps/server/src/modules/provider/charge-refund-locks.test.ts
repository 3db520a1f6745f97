import { SERVICE_COST } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, sessionCookieFor } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

/*
 * The debit and the refund of a key with a spend limit lock the same two rows (the key's budget
 * and the workspace's balance): in one order, so a storm of calls on one key, a third of them
 * failing and refunded while the others are charged, never deadlocks (a 500 to the caller).
 */
const runtime = useTestRuntime();
const COST = SERVICE_COST.linkedin;

describe('charge and refund on a key with a daily spend limit', () => {
  it('storms of 120 parallel LinkedIn calls, a third failing: none answers 500, each failure refunded once', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10_000, tier: 'enterprise' });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const edited = await runtime.app.inject({
      method: 'PATCH',
      url: `/api/keys/${account.keyId}`,
      headers: { cookie, 'x-requested-with': 'conduit' },
      payload: { spendLimit: { credits: 5_000, period: 'day' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // Three storms of 120 parallel calls (a deadlock needs a debit to start inside a refund's
    // window of a few milliseconds: one storm alone did not always meet one on the old order).
    const storm = (wave: number) =>
      Promise.all(
        Array.from({ length: 120 }, (_, index) =>
          runtime.app.inject({
            method: 'POST',
            url: '/api/provider/linkedin',
            // As the SDK sends them: one Idempotency-Key per paid call (each charged by its own statement).
            headers: { 'x-api-key': account.key, 'idempotency-key': `storm-${wave}-${index}` },
            payload: { username: index % 3 === 0 ? `fail-${wave}-${index}` : `someone-${index}`, limit: 1 },
          }),
        ),
      );
    const answers = [...(await storm(1)), ...(await storm(2)), ...(await storm(3))];
    const statuses = answers.map((answer) => answer.statusCode);
    const errors = answers.filter((answer) => answer.statusCode === 500).map((answer) => answer.body);
    expect(errors, 'no call answers 500').toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(240);
    expect(statuses.filter((status) => status === 502)).toHaveLength(120);

    const { rows } = await runtime.services.pool.query(
      `select t.status, count(*)::int as tasks,
              count(e.id)::int as refunds, coalesce(sum(e.delta), 0)::int as refunded
         from tasks t left join credit_entries e on e.reference = t.id and e.reason = 'refund'
        where t.workspace_id = $1 group by t.status order by t.status`,
      [account.workspaceId],
    );
    expect(rows).toEqual([
      { status: 'completed', tasks: 240, refunds: 0, refunded: 0 },
      { status: 'failed', tasks: 120, refunds: 120, refunded: 120 * COST },
    ]);
    const ledger = await ledgerCheck(runtime.services, account.workspaceId);
    expect(ledger).toEqual({ balance: 10_000 - 240 * COST, sum: 10_000 - 240 * COST });
    const spent = await runtime.services.pool.query('select spent_credits from api_keys where id = $1', [
      account.keyId,
    ]);
    expect(spent.rows[0].spent_credits).toBe(240 * COST);
  }, 90_000);
});
