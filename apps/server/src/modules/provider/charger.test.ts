import { ERROR_CODES } from '@conduit/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, type PaidAccount } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { sequenceEvents } from '../events/sequence-events.ts';
import { hashApiKey } from '../keys/key-crypto.ts';
import type { KeyIdentity } from './authenticate-key.ts';
import type { ChargeResult } from './charge-call.ts';
import { createCharger } from './charger.ts';

/*
 * The charger carries calls of many accounts in one statement. These storms mix accounts that
 * can pay for all their calls, some of them, or none, and one whose key was deleted a moment
 * ago, so each batch holds accounts that are debited together with accounts that fall back to
 * one-by-one charging. Whatever the batching, each account must end exactly as if its calls had
 * run one at a time: min(credits, calls) charged, balance equal to its ledger, and every usage
 * entry's balance_after distinct.
 */
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await createTestRuntime({ ROLE: 'api' });
});
afterAll(() => runtime.close());

const identityOf = (account: PaidAccount): KeyIdentity => ({
  keyId: account.keyId,
  keyName: 'test key',
  keyHash: hashApiKey(account.key),
  validUntil: null,
  expiresAt: null,
  ipAllowlist: null,
  keyRateLimitPerMinute: null,
  budget: null,
  workspaceId: account.workspaceId,
  workspaceKind: account.workspaceId === account.userId ? 'personal' : 'team',
  workspaceName: null,
  tier: 'enterprise',
  limits: { perMinute: 1e6, perHour: 1e6, perDay: 1e6 },
  permissions: new Set(['image', 'video', 'sora', 'linkedin']),
  livemode: true,
});

type Answer = ChargeResult | { code: string };

/** One 1-credit Sora call of the account through the charger: its result, or the refusal's code. */
const chargeSora = (
  charger: ReturnType<typeof createCharger>,
  account: PaidAccount,
  videoUrl: string,
): Promise<Answer> =>
  charger
    .charge({
      ip: '127.0.0.1',
      identity: identityOf(account),
      service: 'sora',
      cost: 1,
      engine: { name: 'local', isDevelopmentEngine: true },
      at: new Date(),
      request: { video_url: videoUrl },
      deadlineAt: new Date(Date.now() + 900_000),
    })
    .catch((error: { code: string }) => ({ code: error.code }));

/** The pool, counting the batch statements it runs (to know the storm really went in batches). */
function countingBatches(pool: pg.Pool) {
  let batches = 0;
  const counted = new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return (config: unknown, ...rest: unknown[]) => {
        if ((config as { name?: string }).name === 'conduit-charge-batch') batches += 1;
        return (target.query as (...args: unknown[]) => unknown)(config, ...rest);
      };
    },
  });
  return { pool: counted, batches: () => batches };
}

describe.each([
  ['100 accounts', 100, 10],
  ['1,000 accounts, one call each', 1000, 1],
])('calls of %s at once', (_label, accountCount, callsEach) => {
  it('charge every account exactly as one-by-one charging would', async () => {
    const credits = (index: number) => [0, 1, 3, 1_000][index % 4] as number;
    const accounts = await Promise.all(
      Array.from({ length: accountCount }, (_, index) =>
        createPaidAccount(runtime.services, {
          credits: credits(index),
          owner: index % 3 === 0 ? 'team' : 'personal',
          label: `many${index}`,
        }),
      ),
    );
    const deadKeyAccount = accounts[5] as PaidAccount;
    const { pool, batches } = countingBatches(runtime.services.pool);
    const charger = createCharger(pool);
    const storm: Promise<Answer>[] = [];
    for (let round = 0; round < callsEach; round += 1) {
      accounts.forEach((account, index) => {
        storm.push(
          chargeSora(charger, account, `https://sora.chatgpt.com/p/${round * accountCount + index}`),
        );
        // The key dies while the storm is under way: its later calls are refused, none overspends.
        if (round === 0 && account === deadKeyAccount) {
          void runtime.services.pool.query('update api_keys set deleted_at = now() where id = $1', [
            account.keyId,
          ]);
        }
      });
    }
    const answers = await Promise.all(storm);
    expect(batches()).toBeGreaterThan(0);
    expect(batches()).toBeLessThan(storm.length / 2);

    for (const [index, account] of accounts.entries()) {
      const mine = answers.filter((_, call) => call % accountCount === index);
      const charged = mine.filter((answer) => 'taskId' in answer).length;
      const refused = mine.filter((answer) => 'code' in answer);
      const check = await ledgerCheck(runtime.services, account.workspaceId);
      expect(check.balance, `account ${index}`).toBe(check.sum);
      expect(check.balance).toBe(credits(index) - charged);
      if (account === deadKeyAccount) {
        expect(
          refused.every((answer) =>
            [ERROR_CODES.UNAUTHORIZED, ERROR_CODES.INSUFFICIENT_CREDITS].includes(answer.code as never),
          ),
        ).toBe(true);
      } else {
        expect(charged, `account ${index}`).toBe(Math.min(credits(index), callsEach));
        expect(refused.every((answer) => answer.code === ERROR_CODES.INSUFFICIENT_CREDITS)).toBe(true);
      }
      const { rows } = await runtime.services.pool.query(
        "select balance_after from credit_entries where workspace_id = $1 and reason = 'usage' order by balance_after desc",
        [account.workspaceId],
      );
      const after = rows.map((row) => row.balance_after as number);
      expect(after).toEqual(Array.from({ length: charged }, (_, i) => credits(index) - 1 - i));
      const tasks = await runtime.services.pool.query(
        'select count(*)::int as n from tasks where workspace_id = $1',
        [account.workspaceId],
      );
      expect(tasks.rows[0].n).toBe(charged);
      // Each task has its started event, written by its debit, in the order the account's calls
      // were debited (the events stream's `seq`, once a reader has numbered them, follows the balance).
      await sequenceEvents(runtime.services.db, account.workspaceId);
      const started = await runtime.services.pool.query(
        `select body::json->'data'->>'taskId' as task_id from webhook_events
          where workspace_id = $1 and type = 'task.started' order by seq`,
        [account.workspaceId],
      );
      const debited = await runtime.services.pool.query(
        "select reference from credit_entries where workspace_id = $1 and reason = 'usage' order by balance_after desc",
        [account.workspaceId],
      );
      expect(started.rows.map((row) => row.task_id)).toEqual(debited.rows.map((row) => row.reference));
    }
  }, 120_000);
});

describe('calls of keys with budgets, many accounts at once', () => {
  it('charge each key up to its budget and each account up to its balance, as one-by-one charging would', async () => {
    const accountCount = 60;
    const callsEach = 8;
    const credits = (index: number) => [1_000, 3, 1_000, 0][index % 4] as number;
    const budget = (index: number) => [null, 5, 2, 4, 20][index % 5] ?? null;
    const accounts = await Promise.all(
      Array.from({ length: accountCount }, (_, index) =>
        createPaidAccount(runtime.services, { credits: credits(index), label: `budget${index}` }),
      ),
    );
    await Promise.all(
      accounts.map((account, index) =>
        budget(index) === null
          ? undefined
          : runtime.services.pool.query(
              "update api_keys set spend_limit_credits = $2, spend_limit_period = 'day' where id = $1",
              [account.keyId, budget(index)],
            ),
      ),
    );
    const { pool, batches } = countingBatches(runtime.services.pool);
    const charger = createCharger(pool);
    const storm: Promise<Answer>[] = [];
    for (let round = 0; round < callsEach; round += 1) {
      for (const account of accounts)
        storm.push(chargeSora(charger, account, 'https://sora.chatgpt.com/p/budget'));
    }
    const answers = await Promise.all(storm);
    expect(batches()).toBeGreaterThan(0);
    for (const [index, account] of accounts.entries()) {
      const mine = answers.filter((_, call) => call % accountCount === index);
      const charged = mine.filter((answer) => 'taskId' in answer).length;
      const limit = budget(index);
      expect(charged, `account ${index}`).toBe(Math.min(credits(index), limit ?? callsEach, callsEach));
      const check = await ledgerCheck(runtime.services, account.workspaceId);
      expect(check).toEqual({ balance: credits(index) - charged, sum: credits(index) - charged });
      const codes = new Set(mine.flatMap((answer) => ('code' in answer ? [answer.code] : [])));
      const expected =
        limit !== null && limit < Math.min(credits(index), callsEach)
          ? ERROR_CODES.KEY_SPEND_LIMIT
          : ERROR_CODES.INSUFFICIENT_CREDITS;
      if (charged < callsEach) expect([...codes], `account ${index}`).toEqual([expected]);
      const { rows } = await runtime.services.pool.query('select spent_credits from api_keys where id = $1', [
        account.keyId,
      ]);
      expect(rows[0].spent_credits).toBe(limit === null ? 0 : charged);
    }
  }, 120_000);
});

describe('the model of each call', () => {
  it('is recorded on its task whether the call was charged in a batch or alone (null for Sora)', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        createPaidAccount(runtime.services, { credits: 100, label: `models${index}` }),
      ),
    );
    const { pool, batches } = countingBatches(runtime.services.pool);
    const charger = createCharger(pool);
    const models = ['nano-banana', 'seedream-4.5', 'imagen4', 'fast', 'kling-2.6', undefined];
    const storm = accounts.flatMap((account) =>
      models.map((model) =>
        charger.charge({
          ip: '127.0.0.1',
          identity: identityOf(account),
          service: model === undefined ? 'sora' : ['fast', 'kling-2.6'].includes(model) ? 'video' : 'image',
          model,
          cost: 1,
          engine: { name: 'local', isDevelopmentEngine: true },
          at: new Date(),
          request: { model },
          deadlineAt: new Date(Date.now() + 900_000),
        }),
      ),
    );
    const answers = await Promise.all(storm);
    expect(batches()).toBeGreaterThan(0);
    // One call alone, through the Idempotency-Key path.
    const alone = await charger.charge({
      ip: '127.0.0.1',
      identity: identityOf(accounts[0] as PaidAccount),
      service: 'image',
      model: 'gpt-image-1.5',
      cost: 3,
      engine: { name: 'local', isDevelopmentEngine: true },
      at: new Date(),
      request: { model: 'gpt-image-1.5' },
      idempotencyKey: 'alone',
      deadlineAt: new Date(Date.now() + 900_000),
    });
    const { rows } = await runtime.services.pool.query<{ id: string; model: string | null }>(
      'select id, model from tasks where id = any($1)',
      [[...answers, alone].map((answer) => answer.taskId)],
    );
    const recorded = new Map(rows.map((row) => [row.id, row.model]));
    expect(answers.map((answer) => recorded.get(answer.taskId))).toEqual(
      accounts.flatMap(() => models.map((model) => model ?? null)),
    );
    expect(recorded.get(alone.taskId)).toBe('gpt-image-1.5');
  }, 60_000);
});
