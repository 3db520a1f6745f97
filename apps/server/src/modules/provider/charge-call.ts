import { type AnsweringEngine, SERVICE_COST_KEY, type Service, type SpendPeriod } from '@conduit/contracts';
import type pg from 'pg';
import { retryOnDeadlock } from '../../platform/deadlock-retry.ts';
import { Conflict, InsufficientCredits } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { activitySetSql } from '../credits/account-activity.ts';
import { type StartedEvent, startedEventSql, taskStartedEvent } from '../events/started-event.ts';
import { type KeyIdentity, LIVE_WORKSPACE_JOIN, LIVE_WORKSPACE_WHERE } from './authenticate-key.ts';
import { KeyRefused, KeySpendLimitReached } from './key-refusals.ts';
import { keyBudgetsSql, keyUsableSql } from './key-rules-sql.ts';

export interface ChargeInput {
  identity: KeyIdentity;
  service: Service;
  /** The catalogue model of an image or video call (the default when the body named none). */
  model?: string;
  /** The price variant of the call (image, video, LinkedIn: upstream-costs.ts), for the reconciliation. */
  variant?: string;
  cost: number;
  /** The engine that runs the task (the task's `engine`, and the started event's data). */
  engine: AnsweringEngine;
  /** When the call was accepted: the time of its `task.started` event. */
  at: Date;
  request: unknown;
  /** The call's `metadata` (provider/metadata.ts); none is stored as null. */
  metadata?: Record<string, string>;
  idempotencyKey?: string;
  requestHash?: string;
  callbackUrl?: string;
  /** The caller's address, for the key's IP allow-list. */
  ip: string;
  /**
   * For a call that runs its task itself (the sync endpoints): the task is created already taken
   * by the call until then, so no other process steps it meanwhile and the call needs no claim.
   */
  leaseUntil?: Date;
  /** When the task fails if not settled (the service's maximum duration from now). */
  deadlineAt: Date;
  /** `Cancel-After`: not started upstream by then, the task is aborted and refunded. */
  cancelAfterAt?: Date;
}

interface ChargeRow {
  key_live: number;
  balance: number | null;
  available: number | null;
  budget: { credits: number; period: SpendPeriod; spent: number } | null;
}

export type ChargeResult =
  | { isReplay: false; taskId: string; balance: number }
  | { isReplay: true; taskId: string };

/**
 * The `started` row a charge statement hands to startedEventSql: the task's `task.started` event,
 * bound from the seven parameters from `$first` on (startedEventValues, in that order), one row
 * for each row of `from` (the debit, or the test key).
 */
const startedRowSql = (first: number, from: string) => `
  select workspace_id, $${first}::text as event_id, $${first + 1}::text as event_key, $${first + 2}::text as event_body,
         $${first + 3}::timestamptz as event_at, $${first + 4}::text as started_callback_url,
         $${first + 5}::text as endpoint_delivery_id, $${first + 6}::text as callback_delivery_id, 1 as ord
    from ${from}`;

/** What both charge statements bind from `$7` to `$12`: the call as its task keeps it. */
const requestValues = (input: ChargeInput) => [
  input.engine.name,
  JSON.stringify(input.request),
  input.idempotencyKey ?? null,
  input.requestHash ?? null,
  input.callbackUrl ?? null,
  input.deadlineAt,
];

/** The values of startedRowSql's seven parameters. */
const startedEventValues = (event: StartedEvent) => [
  event.id,
  event.dedupeKey,
  event.body,
  event.at,
  event.callbackUrl,
  event.endpointDeliveryId,
  event.callbackDeliveryId,
];

/*
 * One statement, one round trip, one transaction: the key is re-checked with all its controls
 * (a key deleted, rolled past its grace, narrowed or expired a moment ago in another process
 * cannot spend: key-rules-sql.ts), the balance is debited only if it covers the cost and the
 * key's budget for the period has room for it (a conditional UPDATE, never read-then-write; the
 * budget row is locked by the same statement), and the ledger entry, the budget's new total and
 * the task row are written from the debit's own output, and so is the task's `task.started` event
 * with its deliveries (webhooks/started-event.ts), so all happen together or not at all.
 * `available` reads the balance as it was before this statement, for the 402 answer. The same
 * UPDATE keeps the account's call activity for the admin figures (credits/account-activity.ts).
 */
const CHARGE_SQL = `
with live_key as (
  select k.workspace_id from api_keys k ${LIVE_WORKSPACE_JOIN}
  where k.id = $1 and ${keyUsableSql('$14', '$3', '$15')} and ${LIVE_WORKSPACE_WHERE}
), budget as (${keyBudgetsSql('array[$1]')}
), debit as (
  update credit_accounts c set balance = c.balance - $4, updated_at = now(), ${activitySetSql('array[$3::text]')}
  from live_key where c.workspace_id = live_key.workspace_id and c.balance >= $4
    and not exists (select 1 from budget where budget.spent + $4 > budget.credits)
  returning c.workspace_id, c.balance
), key_spend as (
  update api_keys k set spent_credits = b.spent + $4, spent_period = b.label
    from budget b, debit where k.id = b.id
), entry as (
  insert into credit_entries (id, workspace_id, delta, reason, reference, service, balance_after)
  select $5, workspace_id, -$4::int, 'usage', $2, $6, balance from debit
), task as (
  insert into tasks (id, workspace_id, api_key_id, service, model, cost, engine, request, idempotency_key,
                     request_hash, callback_url, deadline_at, next_check_at, cancel_after_at, variant, metadata)
  select $2, workspace_id, $1, $3, $18, $4, $7, $8::jsonb, $9, $10, $11, $12::timestamptz,
         coalesce($16::timestamptz, now()), $17::timestamptz, $26::text, $27::jsonb
  from debit
), started as (${startedRowSql(19, 'debit')}
), ${startedEventSql('started')}
select (select count(*) from live_key)::int as key_live,
       (select balance from debit) as balance,
       (select balance from credit_accounts where workspace_id = $13) as available,
       (select json_build_object('credits', credits, 'period', period, 'spent', spent) from budget) as budget`;

const IDEMPOTENCY_INDEX = 'tasks_workspace_id_idempotency_key_idx';

/*
 * The charge statements run as named prepared statements: each pooled connection parses and plans
 * them once. Planning these CTEs on every call cost PostgreSQL as much CPU as the writes
 * themselves (bench/README.md: about 190 -> 100 us of PostgreSQL CPU per paid call). Behind a
 * connection pooler in transaction mode, it must support protocol-level prepared statements
 * (PgBouncer >= 1.21 with max_prepared_statements; docs/operations.md).
 */
const CHARGE_STATEMENT = 'conduit-charge-call';

/** The started event of the task a call creates (written by the same statement). */
export const startedEventOf = (taskId: string, input: ChargeInput): StartedEvent =>
  taskStartedEvent({ ...input, id: taskId, livemode: input.identity.livemode }, input.engine, input.at);

export async function chargeCall(pool: pg.Pool, input: ChargeInput): Promise<ChargeResult> {
  const taskId = newId('task');
  const event = startedEventOf(taskId, input);
  try {
    // One statement, one transaction: a deadlock's victim wrote nothing and runs again.
    const { rows } = await retryOnDeadlock(() =>
      pool.query({
        name: CHARGE_STATEMENT,
        text: CHARGE_SQL,
        values: [
          input.identity.keyId,
          taskId,
          input.service,
          input.cost,
          newId('cre'),
          SERVICE_COST_KEY[input.service],
          ...requestValues(input),
          input.identity.workspaceId,
          input.identity.keyHash,
          input.ip,
          input.leaseUntil ?? null,
          input.cancelAfterAt ?? null,
          input.model ?? null,
          ...startedEventValues(event),
          input.variant ?? null,
          input.metadata ? JSON.stringify(input.metadata) : null,
        ],
      }),
    );
    const row = rows[0] as ChargeRow;
    if (row.key_live === 0) throw new KeyRefused();
    if (row.balance === null) {
      const { budget } = row;
      if (budget && budget.spent + input.cost > budget.credits) {
        throw new KeySpendLimitReached(budget.credits, budget.spent, budget.period);
      }
      throw new InsufficientCredits(input.cost, row.available ?? 0);
    }
    return { isReplay: false, taskId, balance: row.balance };
  } catch (error) {
    if ((error as { constraint?: string }).constraint !== IDEMPOTENCY_INDEX) throw error;
    return replayOf(pool, input);
  }
}

/** Same Idempotency-Key: the first task answers again if the body is the same; another body is a 409. */
export async function replayOf(pool: pg.Pool, input: ChargeInput): Promise<ChargeResult> {
  const { rows } = await pool.query(
    'select id, request_hash, service, livemode from tasks where workspace_id = $1 and idempotency_key = $2',
    [input.identity.workspaceId, input.idempotencyKey],
  );
  const existing = rows[0] as
    | { id: string; request_hash: string | null; service: string; livemode: boolean }
    | undefined;
  // A key of the other mode (test or live) never sees this task: its key is another request's.
  if (
    !existing ||
    existing.request_hash !== input.requestHash ||
    existing.service !== input.service ||
    existing.livemode !== input.identity.livemode
  ) {
    throw new Conflict('This Idempotency-Key was already used with a different request');
  }
  return { isReplay: true, taskId: existing.id };
}

/*
 * A test key's call (packages/contracts test-mode.ts): the key is re-checked with its controls as
 * a live call's debit re-checks it (key-rules-sql.ts), and the task (cost 0, livemode false) and its
 * `task.started` event are written by one statement, as for a live call, but no balance is read
 * for a limit, nothing is debited, no ledger entry and no key budget is written. The balance is
 * only read back, for the answer's X-Credits-Remaining.
 */
const CHARGE_TEST_SQL = `
with test_key as (
  select k.workspace_id from api_keys k ${LIVE_WORKSPACE_JOIN}
  where k.id = $1 and k.mode = 'test' and ${keyUsableSql('$2', '$3', '$4')} and ${LIVE_WORKSPACE_WHERE}
), task as (
  insert into tasks (id, workspace_id, api_key_id, service, model, cost, engine, request, idempotency_key,
                     request_hash, callback_url, deadline_at, next_check_at, cancel_after_at, variant, livemode,
                     metadata)
  select $5, workspace_id, $1, $3, $6, 0, $7, $8::jsonb, $9, $10, $11, $12::timestamptz,
         coalesce($13::timestamptz, now()), $14::timestamptz, $15::text, false, $24::jsonb
  from test_key
), started as (${startedRowSql(16, 'test_key')}
), ${startedEventSql('started', false)}
select (select count(*) from test_key)::int as key_live,
       (select balance from credit_accounts where workspace_id = $23) as balance`;
const CHARGE_TEST_STATEMENT = 'conduit-charge-test-call';

/** Creates a test call's task, free: never limited by the balance or the key's budget. */
export async function chargeTestCall(pool: pg.Pool, input: ChargeInput): Promise<ChargeResult> {
  const taskId = newId('task');
  const event = startedEventOf(taskId, { ...input, cost: 0 });
  try {
    const { rows } = await pool.query({
      name: CHARGE_TEST_STATEMENT,
      text: CHARGE_TEST_SQL,
      values: [
        input.identity.keyId,
        input.identity.keyHash,
        input.service,
        input.ip,
        taskId,
        input.model ?? null,
        ...requestValues(input),
        input.leaseUntil ?? null,
        input.cancelAfterAt ?? null,
        input.variant ?? null,
        ...startedEventValues(event),
        input.identity.workspaceId,
        input.metadata ? JSON.stringify(input.metadata) : null,
      ],
    });
    const row = rows[0] as { key_live: number; balance: number | null };
    if (row.key_live === 0) throw new KeyRefused();
    return { isReplay: false, taskId, balance: row.balance ?? 0 };
  } catch (error) {
    if ((error as { constraint?: string }).constraint !== IDEMPOTENCY_INDEX) throw error;
    return replayOf(pool, input);
  }
}
