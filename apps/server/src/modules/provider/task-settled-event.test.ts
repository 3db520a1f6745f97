import { appPath, SERVICE_COST, taskData } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCalls } from '../../../test/event-calls.ts';
import { ledgerCheck, type PaidAccount } from '../../../test/paid-account.ts';
import { eventCount } from '../../../test/pool-checkouts.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { eventBody } from '../events/record-event.ts';
import { completeTask, failTask, findTask, refundTask } from '../tasks/settle-task.ts';

/*
 * A task's settle event (`task.completed`, `task.failed`, `task.canceled`) and its deliveries are
 * written by the settle itself (webhooks/settled-event.ts): the completion's statement, the
 * refund's transaction. The event is there once the call or the cancel has answered, or the
 * settle did not happen; a settle that loses the compare-and-set writes none. An API-only process:
 * no pump steps the async tasks and no worker attempts the deliveries, so what the tests read is
 * what the calls, the cancels and the settles wrote.
 */
const engine = createScriptedEngine();
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await createTestRuntime({ ROLE: 'api' }, { engine });
});
afterAll(() => runtime.close());

const settler = () => ({ db: runtime.services.db, engine });
const { withKey, newAccount, eventsOf, subscribe, burst } = eventCalls(() => runtime);
/** The task's events other than its start, as the events API lists them. */
const settleEventsOf = async (account: PaidAccount, taskId: string) =>
  (await eventsOf(account)).filter((event) => event.data.taskId === taskId && event.type !== 'task.started');

/**
 * A sync image call with a callback URL, by a new account (50 credits) whose endpoint subscribes to
 * `task.<outcome>`: the account and the call's answer.
 */
async function syncImageWithCallback(
  outcome: 'completed' | 'failed',
  body: { prompt: string; webhookEvents?: string[] },
) {
  const account = await newAccount(50, outcome);
  await subscribe(account, [`task.${outcome}`]);
  const answer = await withKey(account, 'POST', '/api/provider/image', {
    ...body,
    callBackUrl: 'http://127.0.0.1:9/callback',
  });
  return { account, answer };
}

const deliveriesOf = async (account: PaidAccount) =>
  (
    (await withKey(account, 'GET', appPath('webhookDeliveries'))).json().deliveries as {
      target: string;
      url: string;
      eventId: string;
      eventType: string;
    }[]
  ).map((delivery) => [delivery.eventType, delivery.target, delivery.url, delivery.eventId]);

/**
 * The stored body of the task's settle event, and the body the events of before wrote for it
 * (eventBody over taskData of the task as read back): byte for byte the same.
 */
async function bodies(taskId: string) {
  const task = await findTask(runtime.services.db, taskId);
  if (!task?.completedAt) throw new Error(`${taskId} has not settled`);
  const { rows } = await runtime.services.pool.query(
    "select type, body from webhook_events where dedupe_key like 'task:' || $1 || ':%' and type <> 'task.started'",
    [taskId],
  );
  expect(rows).toHaveLength(1);
  return {
    stored: rows[0].body as string,
    expected: eventBody(rows[0].type, task.completedAt, taskData(task, engine)),
  };
}

const startVideo = async (account: PaidAccount, prompt: string, extra: object = {}) => {
  const created = await withKey(account, 'POST', '/api/provider/video', { prompt, ...extra });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.taskId as string;
};

describe('a settled task and its event', () => {
  it('a completed sync call: one task.completed event, listed and delivered as soon as the call answers', async () => {
    const { account, answer } = await syncImageWithCallback('completed', { prompt: 'a lighthouse' });
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    expect(data.status).toBe('completed');

    const [event, ...others] = await settleEventsOf(account, data.taskId);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ type: 'task.completed', isTest: false });
    // The answer's own data, and the event's timestamp is the task's completion.
    expect(event?.data).toEqual(data);
    expect(event?.timestamp).toBe(data.completedAt);
    const { stored, expected } = await bodies(data.taskId);
    expect(stored).toBe(expected);
    expect(await deliveriesOf(account)).toEqual(
      expect.arrayContaining([
        ['task.completed', 'endpoint', 'http://127.0.0.1:9/endpoint', event?.id],
        ['task.completed', 'callback', 'http://127.0.0.1:9/callback', event?.id],
      ]),
    );
    expect(await deliveriesOf(account)).toHaveLength(2);
    // The balance the answer says is the account's, read by the completion's statement.
    expect(Number(answer.headers['x-credits-remaining'])).toBe(
      (await ledgerCheck(runtime.services, account.workspaceId)).balance,
    );
  });

  it('a failed sync call: one task.failed event with its refund, and the refunded balance in the answer', async () => {
    const { account, answer } = await syncImageWithCallback('failed', {
      prompt: 'this will fail',
      webhookEvents: ['completed'],
    });
    expect(answer.statusCode, answer.body).toBe(502);
    const { taskId, creditsRefunded } = answer.json();
    expect(creditsRefunded).toBe(SERVICE_COST.image);

    const [event, ...others] = await settleEventsOf(account, taskId);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      type: 'task.failed',
      data: {
        taskId,
        status: 'failed',
        creditsRefunded: SERVICE_COST.image,
        creditsUsed: 0,
        error: 'The model refused the prompt',
      },
    });
    const { stored, expected } = await bodies(taskId);
    expect(stored).toBe(expected);
    // The callBackUrl asked for `completed` only: the endpoint alone gets this one.
    expect(await deliveriesOf(account)).toEqual([
      ['task.failed', 'endpoint', 'http://127.0.0.1:9/endpoint', event?.id],
    ]);
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 50, sum: 50 });
    expect(answer.headers['x-credits-remaining']).toBe('50');
  });

  it('a canceled task: one task.canceled event as soon as the cancel answers', async () => {
    const account = await newAccount(50, 'canceled');
    const taskId = await startVideo(account, 'a field', { callBackUrl: 'http://127.0.0.1:9/callback' });
    const canceled = await withKey(account, 'POST', `/api/provider/tasks/${taskId}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data).toMatchObject({ status: 'canceled', outcome: 'canceled' });

    const [event, ...others] = await settleEventsOf(account, taskId);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      type: 'task.canceled',
      data: { taskId, status: 'canceled', creditsUsed: 0 },
    });
    const status = await withKey(account, 'GET', `/api/provider/video/status/${taskId}`);
    expect(event?.data).toEqual(status.json().data);
    const { stored, expected } = await bodies(taskId);
    expect(stored).toBe(expected);
    // No endpoint: the callBackUrl hears the ends of a task by default.
    expect(await deliveriesOf(account)).toEqual([
      ['task.canceled', 'callback', 'http://127.0.0.1:9/callback', event?.id],
    ]);
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 50, sum: 50 });
  });

  it('a LinkedIn call: the scraped result in the event as the status endpoint answers it', async () => {
    const account = await newAccount(50, 'linkedin');
    const answer = await withKey(account, 'POST', '/api/provider/linkedin', { username: 'someone' });
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    const [event, ...others] = await settleEventsOf(account, data.taskId);
    expect(others).toEqual([]);
    expect(event?.data).toEqual(data);
    const { stored, expected } = await bodies(data.taskId);
    expect(stored).toBe(expected);
  });

  it('writes the body byte for byte as before, whatever the result, the error and the times hold', async () => {
    const account = await newAccount(100, 'bytes');
    const { pool } = runtime.services;
    const odd = 'quote " backslash \\ newline \n tab \t bell \u0007 del \u007f é 漢字 😀 \u2028 </script>';
    // A task created 12.345678 s ago, asked to cancel, whose results expire: every optional field.
    const completed = await startVideo(account, 'every field');
    await pool.query(
      `update tasks set created_at = now() - interval '12.345678 seconds', cancel_requested_at = now() - interval '1.5 seconds',
                        results_expire_at = now() + interval '7 days 0.000999 seconds' where id = $1`,
      [completed],
    );
    // Metadata with keys JavaScript orders apart (index-like ones first) and every kind of character.
    const metadata = { customer: odd, '10': 'ten', '2': 'two', '4294967295': 'not an index', é: 'é', a: '' };
    await pool.query('update tasks set metadata = $2::jsonb where id = $1', [
      completed,
      JSON.stringify(metadata),
    ]);
    const result = {
      resultUrls: ['https://x.test/1.png'],
      b: 1,
      aa: { zz: [1, 2.5, -0.125, true, null], a: odd, '10': 'ten', '2': 'two', é: 'accent', e: 'plain' },
      '7': 'seven',
      '': 'empty key',
      [odd]: odd,
    };
    expect(await completeTask(settler(), completed, result)).toBeDefined();
    expect((await bodies(completed)).stored).toBe((await bodies(completed)).expected);
    expect(JSON.parse((await bodies(completed)).stored).data.metadata).toEqual(metadata);

    // A failure whose reason has every kind of character, and one of no characters at all.
    for (const reason of [odd, '']) {
      const failed = await startVideo(account, `failing ${reason.length}`);
      await pool.query("update tasks set created_at = now() - interval '0.05 seconds' where id = $1", [
        failed,
      ]);
      expect(await failTask(settler(), failed, reason)).toBeDefined();
      const { stored, expected } = await bodies(failed);
      expect(stored).toBe(expected);
    }

    // An abort (Cancel-After) is a task.failed event whose data says `aborted`.
    const aborted = await startVideo(account, 'aborted');
    await pool.query('update tasks set metadata = $2::jsonb where id = $1', [
      aborted,
      JSON.stringify(metadata),
    ]);
    expect(await refundTask(settler(), aborted, 'aborted', 'did not start')).toBeDefined();
    const abortedBodies = await bodies(aborted);
    expect(abortedBodies.stored).toBe(abortedBodies.expected);
    expect(JSON.parse(abortedBodies.stored)).toMatchObject({
      type: 'task.failed',
      data: { status: 'aborted' },
    });
  });
});

describe('a settle that fails', () => {
  // A forced failure: the database refuses any delivery to a URL under /doomed, settle events' included.
  beforeAll(async () => {
    await runtime.services.pool.query(`
      create function refuse_doomed_delivery() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$;
      create trigger refuse_doomed_delivery before insert on webhook_deliveries
        for each row when (new.url like '%/doomed%') execute function refuse_doomed_delivery();`);
  });
  afterAll(async () => {
    await runtime.services.pool.query(
      'drop trigger refuse_doomed_delivery on webhook_deliveries; drop function refuse_doomed_delivery()',
    );
  });
  const doomed = { callBackUrl: 'http://127.0.0.1:9/doomed', webhookEvents: ['completed', 'canceled'] };
  const stateOf = async (taskId: string) =>
    (
      await runtime.services.pool.query(
        `select t.status, t.credits_refunded, t.result is not null as has_result,
                (select count(*)::int from credit_entries e where e.reference = t.id and e.reason = 'refund') as refunds,
                (select count(*)::int from webhook_events v where v.dedupe_key like 'task:' || t.id || ':%'
                                                              and v.type <> 'task.started') as events
           from tasks t where t.id = $1`,
        [taskId],
      )
    ).rows[0];

  it('a cancel whose event cannot be written refunds nothing and leaves the task processing, without an event', async () => {
    const account = await newAccount(50, 'doomed-cancel');
    const taskId = await startVideo(account, 'a field', doomed);
    const canceled = await withKey(account, 'POST', `/api/provider/tasks/${taskId}/cancel`);
    expect(canceled.statusCode).toBe(500);
    expect(await stateOf(taskId)).toEqual({
      status: 'processing',
      credits_refunded: 0,
      has_result: false,
      refunds: 0,
      events: 0,
    });
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({
      balance: 50 - SERVICE_COST.video,
      sum: 50 - SERVICE_COST.video,
    });
    expect((await eventsOf(account)).map((event) => event.type)).toEqual(['task.started']);
  });

  it('a completion whose event cannot be written leaves the task processing, and fails alone in its batch', async () => {
    const account = await newAccount(50, 'doomed-complete');
    const [first, condemned, healthy] = [
      await startVideo(account, 'first'),
      await startVideo(account, 'condemned', doomed),
      await startVideo(account, 'healthy', { callBackUrl: 'http://127.0.0.1:9/fine' }),
    ];
    const result = { videoUrls: [], resultUrls: [] };
    // The first runs alone; the two others arrive while it is in flight and share the next statement.
    const outcomes = await Promise.allSettled([
      completeTask(settler(), first, result),
      completeTask(settler(), condemned, result),
      completeTask(settler(), healthy, result),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stateOf(condemned)).toEqual({
      status: 'processing',
      credits_refunded: 0,
      has_result: false,
      refunds: 0,
      events: 0,
    });
    for (const taskId of [first, healthy])
      expect(await stateOf(taskId)).toMatchObject({ status: 'completed', events: 1 });
  });
});

describe('settles racing for one task', () => {
  it('writes one event whichever settle wins: completions, a failure and cancels at once', async () => {
    const account = await newAccount(200, 'race');
    for (let round = 0; round < 6; round += 1) {
      const taskId = await startVideo(account, `round ${round}`, {
        callBackUrl: 'http://127.0.0.1:9/callback',
      });
      const result = { videoUrls: [], resultUrls: [] };
      const settles = await Promise.all([
        // What the runner does when the upstream answers (twice: a poller and a callback's look),
        // and what the sweeper does at the deadline, racing the customer's cancels.
        new Promise((resolve) => setTimeout(resolve, round)).then(() =>
          completeTask(settler(), taskId, result),
        ),
        completeTask(settler(), taskId, result),
        failTask(settler(), taskId, 'The task did not finish before its deadline'),
        ...Array.from({ length: 5 }, () =>
          withKey(account, 'POST', `/api/provider/tasks/${taskId}/cancel`).then((answer) =>
            answer.json().data?.outcome === 'canceled' ? answer : undefined,
          ),
        ),
      ]);
      expect(settles.filter(Boolean)).toHaveLength(1);
      const events = await settleEventsOf(account, taskId);
      expect(events).toHaveLength(1);
      const task = await findTask(runtime.services.db, taskId);
      expect(events[0]?.type).toBe(`task.${task?.status}`);
      const { rows } = await runtime.services.pool.query(
        "select count(*)::int as n from webhook_deliveries where event_id = $1 and target = 'callback'",
        [events[0]?.id],
      );
      expect(rows[0].n).toBe(1);
    }
    const ledger = await ledgerCheck(runtime.services, account.workspaceId);
    expect(ledger.balance).toBe(ledger.sum);
  });
});

describe('the pool a settle takes', () => {
  it('takes no pool connection per settle for its event or the answer: a burst of sync calls checks out fewer connections than calls', async () => {
    const { accounts, answers, checkouts, calls } = await burst(4, 500, 20, (account, which, index) =>
      withKey(account, 'POST', '/api/provider/image', { prompt: `burst ${which} ${index}` }),
    );
    const pool = runtime.services.pool;
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await eventCount(pool, 'task.completed', accounts)).toBe(calls);
    // Before the event joined the completion, each settle took a connection for its event, one for
    // its endpoint's settings and one more for the answer's balance: three checkouts a call at the
    // least. Now the charge, start and completion statements are shared by the calls in flight.
    expect(checkouts).toBeLessThan(calls);
  });
});
