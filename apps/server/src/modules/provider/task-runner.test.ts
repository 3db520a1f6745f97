import { TASK_DEADLINE_S } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { newId } from '../../platform/ids.ts';
import type { Engine } from '../engines/engine.ts';
import { newTask } from './paid-calls.ts';
import { type RunnerContext, runUntilSettled } from './task-runner.ts';
import { createTaskWaiters } from './task-waiters.ts';

/*
 * A sync call holds the task it created (ChargeInput.leaseUntil) and, for an upstream that calls
 * back, keeps holding it while it waits: the callback reaching this process wakes it with nothing
 * written, any other look claims the task as the pump would, and a call that stops waiting leaves
 * the task due for the pump.
 */
describe('a sync call and the task it holds', () => {
  let runtime: TestRuntime;
  const scripted = createScriptedEngine();
  // The scripted upstream, but one that says it will call back.
  const engine: Engine = {
    ...scripted,
    startJob: async (input, options) => ({ ...(await scripted.startJob(input, options)), callsBack: true }),
  };
  let polls: string[] = [];
  const countingEngine: Engine = {
    ...engine,
    pollJob: (service, upstreamId, channel) => {
      polls.push(upstreamId);
      return engine.pollJob(service, upstreamId, channel);
    },
  };

  beforeAll(async () => {
    // API-only: no pump races the call for its task.
    runtime = await createTestRuntime({ ROLE: 'api' }, { engine: countingEngine });
  });
  afterAll(async () => {
    await runtime?.close();
  });

  const context = (waiters = createTaskWaiters()): RunnerContext => ({
    db: runtime.services.db,
    engine: countingEngine,
    config: runtime.services.config,
    storage: runtime.services.storage,
    clock: runtime.services.clock,
    log: runtime.services.log,
    waiters,
  });

  /** A task row as the charge of a sync call writes it: held by the call until `lease`. */
  async function heldTask(prompt: string) {
    const account = await createPaidAccount(runtime.services);
    const lease = new Date(Date.now() + runtime.services.config.TASK_LEASE_S * 1000);
    const charged = {
      taskId: newId('task'),
      deadlineAt: new Date(Date.now() + TASK_DEADLINE_S.image * 1000),
      cost: 1,
      livemode: true,
    };
    const task = newTask(charged, 'image', { prompt, image_size: '1:1', output_format: 'png' });
    await runtime.services.pool.query(
      `insert into tasks (id, workspace_id, api_key_id, service, cost, engine, request, deadline_at, next_check_at)
       values ($1, $2, $3, 'image', 1, 'local', $4, $5, $6)`,
      [task.id, account.workspaceId, account.keyId, JSON.stringify(task.request), task.deadlineAt, lease],
    );
    return { task, lease };
  }
  const row = async (taskId: string) =>
    (
      await runtime.services.pool.query<{ status: string; next_check_at: Date | null; upstream_id: string }>(
        'select status, next_check_at, upstream_id from tasks where id = $1',
        [taskId],
      )
    ).rows[0];

  /** A sync call on a new held task, once its job has started upstream (and it waits for the callback). */
  async function callStartedUpstream(prompt: string) {
    polls = [];
    const waiters = createTaskWaiters();
    const fresh = await heldTask(prompt);
    const call = runUntilSettled(context(waiters), fresh.task.id, 10_000, fresh);
    await expect.poll(async () => (await row(fresh.task.id))?.upstream_id, { timeout: 5_000 }).toBeTruthy();
    return { waiters, fresh, call };
  }

  it('the callback reaching this process wakes the call, which looks once and settles, with nothing written between', async () => {
    const { waiters, fresh, call } = await callStartedUpstream('a fox');
    const started = await row(fresh.task.id);
    // Started upstream, still held by the call: not due for any pump.
    expect(started?.next_check_at?.getTime()).toBe(fresh.lease.getTime());
    expect(polls).toEqual([]);

    // The callback needs no database: the waiting call takes it.
    expect(waiters.callback(started?.upstream_id as string)).toBe(true);
    const settled = await call;
    expect(settled).toMatchObject({ id: fresh.task.id, status: 'completed' });
    expect(polls).toEqual([started?.upstream_id]);
    // Its upstream job is forgotten once the call is done: a late duplicate goes to the database.
    expect(waiters.callback(started?.upstream_id as string)).toBe(false);
  });

  it('a callback that never comes: the call claims its held task for its own look, then leaves it due for the pump', async () => {
    polls = [];
    const fresh = await heldTask('still pending');
    const task = await runUntilSettled(context(), fresh.task.id, 800, fresh);
    expect(task?.status).toBe('processing');
    // It looked itself (a claim of the task it held), once the back-off ran out.
    expect(polls.length).toBeGreaterThanOrEqual(1);
    const after = await row(fresh.task.id);
    expect(after?.next_check_at?.getTime()).toBeLessThan(Date.now() + 5_000);
  });

  it('a call that stops waiting while it holds the task gives the lease back', async () => {
    polls = [];
    const fresh = await heldTask('still pending');
    // The wait is over once the job has started: the call never looks, and still holds the task.
    const task = await runUntilSettled(context(), fresh.task.id, 0, fresh);
    expect(task?.status).toBe('processing');
    expect(polls).toEqual([]);
    const after = await row(fresh.task.id);
    expect(after?.next_check_at?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('the callback reached another process: the task is due, and the call claims it when woken', async () => {
    const { waiters, fresh, call } = await callStartedUpstream('a heron');
    // What the other process does: the task is due now, and a wake message reaches this one.
    await runtime.services.pool.query('update tasks set next_check_at = now() where id = $1', [
      fresh.task.id,
    ]);
    waiters.wake(fresh.task.id);
    expect(await call).toMatchObject({ status: 'completed' });
    expect(polls).toHaveLength(1);
  });
});
