import { appPath, SERVICE_COST } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCalls } from '../../../test/event-calls.ts';
import { ledgerCheck, type PaidAccount } from '../../../test/paid-account.ts';
import { eventCount } from '../../../test/pool-checkouts.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

/*
 * A paid call's task and its `task.started` event (with the event's deliveries) are written by the
 * debit statement itself (webhooks/started-event.ts): both exist once the call has answered, or
 * neither does, and a create costs no pool checkout of its own besides its share of a debit batch.
 * An API-only process: no pump settles the tasks, no worker attempts the deliveries, so what the
 * tests read is what the create wrote.
 */
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await createTestRuntime({ ROLE: 'api' });
});
afterAll(() => runtime.close());

const SORA = '/api/provider/sora-watermark-remover';
const soraBody = (index: number, extra: object = {}) => ({
  video_url: `https://sora.chatgpt.com/p/started-${index}`,
  ...extra,
});

const { withKey, newAccount, eventsOf, subscribe, burst } = eventCalls(() => runtime);

const tasksOf = async (workspaceId: string) =>
  (await runtime.services.pool.query('select id from tasks where workspace_id = $1', [workspaceId])).rows.map(
    (row) => row.id as string,
  );

describe('a paid call and its task.started event', () => {
  it('lists the started event as soon as the call answers, with the answer as its data and its deliveries', async () => {
    const account = await newAccount(10, 'started');
    await subscribe(account, ['task.started', 'task.completed']);
    const created = await withKey(
      account,
      'POST',
      SORA,
      soraBody(1, { callBackUrl: 'http://127.0.0.1:9/callback', webhookEvents: ['started', 'completed'] }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const answer = created.json().data;

    // No wait, no poll: the event committed with the task.
    const [event, ...others] = await eventsOf(account);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ type: 'task.started', isTest: false });
    expect(event?.data).toEqual({ ...answer, timestamp: event?.timestamp });
    const deliveries = (await withKey(account, 'GET', appPath('webhookDeliveries'))).json().deliveries;
    expect(
      deliveries.map((delivery: { target: string; url: string; eventId: string; status: string }) => [
        delivery.target,
        delivery.url,
        delivery.eventId,
        delivery.status,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['endpoint', 'http://127.0.0.1:9/endpoint', event?.id, 'pending'],
        ['callback', 'http://127.0.0.1:9/callback', event?.id, 'pending'],
      ]),
    );
    expect(deliveries).toHaveLength(2);

    // Not asked for: the event is recorded all the same, with no delivery.
    const quiet = await newAccount(10, 'quiet');
    await subscribe(quiet, ['task.completed']);
    const plain = await withKey(quiet, 'POST', SORA, soraBody(2, { callBackUrl: 'http://127.0.0.1:9/cb' }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await eventsOf(quiet)).map((item) => [item.type, item.data.taskId])).toEqual([
      ['task.started', plain.json().data.taskId],
    ]);
    expect((await withKey(quiet, 'GET', appPath('webhookDeliveries'))).json().deliveries).toEqual([]);
  });

  it('gives each workspace of a batch its own endpoint deliveries: all of them to a subscribed one, none to the rest', async () => {
    const subscribed = await newAccount(1000, 'batched-on');
    await subscribe(subscribed, ['task.started']);
    const quiet = await newAccount(1000, 'batched-off');
    await subscribe(quiet, ['task.completed']);
    const silent = await newAccount(1000, 'batched-none');
    // Each key called once first (its identity cached), then all together: the three accounts'
    // calls share debit statements (charger.ts).
    const accounts = [subscribed, quiet, silent];
    for (const [which, account] of accounts.entries())
      expect((await withKey(account, 'POST', SORA, soraBody(3050 + 100 * which))).statusCode).toBe(200);
    const answers = await Promise.all(
      accounts.flatMap((account, which) =>
        Array.from({ length: 20 }, (_, index) =>
          withKey(account, 'POST', SORA, soraBody(3000 + 100 * which + index)),
        ),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const endpointDeliveries = async (account: PaidAccount) =>
      (await withKey(account, 'GET', appPath('webhookDeliveries'))).json().deliveries as { target: string }[];
    expect(
      (await endpointDeliveries(subscribed)).filter((delivery) => delivery.target === 'endpoint'),
    ).toHaveLength(21);
    expect(await endpointDeliveries(quiet)).toEqual([]);
    expect(await endpointDeliveries(silent)).toEqual([]);
    for (const account of accounts) expect(await eventsOf(account)).toHaveLength(21);
  });

  it('records one started event for a call sent twice with one Idempotency-Key', async () => {
    const account = await newAccount(10, 'replayed');
    const send = () =>
      runtime.app.inject({
        method: 'POST',
        url: SORA,
        headers: { 'x-api-key': account.key, 'idempotency-key': 'once-only' },
        payload: soraBody(4),
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const taskId = first.json().data.taskId;
    expect(second.json().data.taskId).toBe(taskId);
    expect((await eventsOf(account)).map((event) => [event.type, event.data.taskId])).toEqual([
      ['task.started', taskId],
    ]);
  });

  it('writes neither task nor event when the call is refused for its balance', async () => {
    const account = await newAccount(0, 'broke');
    const refused = await withKey(account, 'POST', SORA, soraBody(3));
    expect(refused.statusCode, refused.body).toBe(402);
    expect(await tasksOf(account.workspaceId)).toEqual([]);
    expect(await eventsOf(account)).toEqual([]);
  });

  it('writes neither task, debit nor event when the transaction fails at its last write, alone or in a batch', async () => {
    // A forced failure: the database refuses the started event's delivery to any URL under /doomed.
    await runtime.services.pool.query(`
      create function refuse_doomed_delivery() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$;
      create trigger refuse_doomed_delivery before insert on webhook_deliveries
        for each row when (new.url like '%/doomed%') execute function refuse_doomed_delivery();`);
    try {
      const doomed = await Promise.all([newAccount(50, 'doomed-a'), newAccount(50, 'doomed-b')]);
      const healthy = await Promise.all([newAccount(50, 'healthy-a'), newAccount(50, 'healthy-b')]);
      const doomedBody = (index: number) =>
        soraBody(index, { callBackUrl: 'http://127.0.0.1:9/doomed', webhookEvents: ['started'] });

      // Alone: one call, charged by its own statement.
      const alone = await withKey(doomed[0] as PaidAccount, 'POST', SORA, doomedBody(10));
      expect(alone.statusCode).toBe(500);

      // Together: 10 calls of each account at once, most of them in the charger's batch statements.
      const calls = [...doomed, ...healthy].flatMap((account, which) =>
        Array.from({ length: 10 }, (_, index) =>
          withKey(
            account,
            'POST',
            SORA,
            which < 2
              ? doomedBody(100 * which + index)
              : soraBody(100 * which + index, {
                  callBackUrl: 'http://127.0.0.1:9/fine',
                  webhookEvents: ['started'],
                }),
          ).then((answer) => ({ account, answer })),
        ),
      );
      const answers = await Promise.all(calls);
      for (const { account, answer } of answers) {
        if (doomed.includes(account)) expect(answer.statusCode).toBe(500);
        else expect([200, 500]).toContain(answer.statusCode);
      }

      for (const account of [...doomed, ...healthy]) {
        const charged = answers
          .filter((call) => call.account === account && call.answer.statusCode === 200)
          .map((call) => call.answer.json().data.taskId as string);
        // Every task answered has its event and its delivery; a failed call left nothing behind.
        expect((await tasksOf(account.workspaceId)).sort()).toEqual([...charged].sort());
        expect((await eventsOf(account)).map((event) => event.data.taskId as string).sort()).toEqual(
          [...charged].sort(),
        );
        const { rows } = await runtime.services.pool.query(
          'select count(*)::int as n from webhook_deliveries where workspace_id = $1',
          [account.workspaceId],
        );
        expect(rows[0].n).toBe(charged.length);
        const check = await ledgerCheck(runtime.services, account.workspaceId);
        expect(check).toEqual({ balance: 50 - charged.length * SERVICE_COST.sora, sum: check.balance });
      }
      for (const account of doomed) expect(await tasksOf(account.workspaceId)).toEqual([]);
    } finally {
      await runtime.services.pool.query(
        'drop trigger refuse_doomed_delivery on webhook_deliveries; drop function refuse_doomed_delivery()',
      );
    }
  });

  it('takes no pool connection per create for its event: a burst of calls checks out fewer connections than calls', async () => {
    // Each key is called once first: its identity cached, as it is for a client in steady use.
    const { accounts, answers, checkouts, calls } = await burst(4, 100, 25, (account, which, index) =>
      withKey(account, 'POST', SORA, soraBody(1000 * which + index)),
    );
    const pool = runtime.services.pool;
    // Every call's event is there when the calls have answered: none is written after its answer
    // (where it would have taken a connection of its own, uncounted here).
    expect(await eventCount(pool, 'task.started', accounts)).toBe(calls);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    // Before the event joined the debit, each create also took a connection for its event and
    // another for its endpoint's settings: more than two checkouts per call. Now only the debit
    // statements (a few calls each) and the process's own background work take connections.
    expect(checkouts).toBeLessThan(calls / 2);
  });
});
