import { describe, expect, it } from 'vitest';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { insertUser } from '../auth/users.ts';
import { getBalance, grantCredits, openCreditAccount } from './ledger.ts';

const runtime = useTestRuntime();

async function newAccount(email: string) {
  const user = await insertUser(runtime.services.db, { email });
  if (!user) throw new Error('user not created');
  await openCreditAccount(runtime.services.db, user.id);
  return user.id;
}

const ledgerSum = async (userId: string) =>
  (
    await runtime.services.pool.query(
      'select coalesce(sum(delta), 0)::int as sum, count(*)::int as n from credit_entries where workspace_id = $1',
      [userId],
    )
  ).rows[0];

describe('grantCredits', () => {
  it('applies each (reason, reference) once, however many callers race', async () => {
    const userId = await newAccount('race@example.com');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        runtime.services.db.transaction((tx) =>
          grantCredits(tx, { workspaceId: userId, delta: 500, reason: 'purchase', reference: 'pay_same' }),
        ),
      ),
    );
    expect(results.filter((r) => r.isApplied)).toHaveLength(1);
    expect(await getBalance(runtime.services.db, userId)).toBe(500);
    expect(await ledgerSum(userId)).toEqual({ sum: 500, n: 1 });
  });

  it('applies distinct references concurrently without losing one; balance equals the sum of entries', async () => {
    const userId = await newAccount('many@example.com');
    await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        runtime.services.db.transaction((tx) =>
          grantCredits(tx, {
            workspaceId: userId,
            delta: index + 1,
            reason: 'adjustment',
            reference: `adj_${index}`,
          }),
        ),
      ),
    );
    const expected = (25 * 26) / 2;
    expect(await getBalance(runtime.services.db, userId)).toBe(expected);
    expect(await ledgerSum(userId)).toEqual({ sum: expected, n: 25 });
    const { rows } = await runtime.services.pool.query(
      'select balance_after from credit_entries where workspace_id = $1 order by balance_after',
      [userId],
    );
    // Each entry records the balance it produced: a strictly increasing chain ending at the balance.
    expect(new Set(rows.map((r) => r.balance_after)).size).toBe(25);
    expect(rows.at(-1)?.balance_after).toBe(expected);
  });

  it('refuses a zero, negative or fractional grant before touching anything', async () => {
    const userId = await newAccount('bad@example.com');
    for (const delta of [0, -5, 1.5]) {
      await expect(
        runtime.services.db.transaction((tx) =>
          grantCredits(tx, { workspaceId: userId, delta, reason: 'adjustment', reference: `bad_${delta}` }),
        ),
      ).rejects.toThrow(/positive integer/);
    }
    expect(await ledgerSum(userId)).toEqual({ sum: 0, n: 0 });
  });

  it('the database itself refuses a negative balance', async () => {
    const userId = await newAccount('floor@example.com');
    await expect(
      runtime.services.pool.query('update credit_accounts set balance = -1 where workspace_id = $1', [
        userId,
      ]),
    ).rejects.toThrow(/credit_accounts_balance_check/);
  });
});
