import type pg from 'pg';
import { newId } from '../../platform/ids.ts';
import { startedEventSql } from '../webhooks/started-event.ts';
import { LIVE_WORKSPACE_JOIN, LIVE_WORKSPACE_WHERE } from './authenticate-key.ts';
import { type ChargeInput, type ChargeResult, replayOf, startedEventOf } from './charge-call.ts';
import { KeyRefused } from './key-refusals.ts';
import { keyUsableSql } from './key-rules-sql.ts';

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
                     request_hash, callback_url, deadline_at, next_check_at, cancel_after_at, variant, livemode)
  select $5, workspace_id, $1, $3, $6, 0, $7, $8::jsonb, $9, $10, $11, $12::timestamptz,
         coalesce($13::timestamptz, now()), $14::timestamptz, $15::text, false
  from test_key
), started as (
  select workspace_id, $16::text as event_id, $17::text as event_key, $18::text as event_body,
         $19::timestamptz as event_at, $20::text as started_callback_url, $21::text as endpoint_delivery_id,
         $22::text as callback_delivery_id, 1 as ord
    from test_key
), ${startedEventSql('started', false)}
select (select count(*) from test_key)::int as key_live,
       (select balance from credit_accounts where workspace_id = $23) as balance`;
const CHARGE_TEST_STATEMENT = 'conduit-charge-test-call';
const IDEMPOTENCY_INDEX = 'tasks_workspace_id_idempotency_key_idx';

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
        input.engine.name,
        JSON.stringify(input.request),
        input.idempotencyKey ?? null,
        input.requestHash ?? null,
        input.callbackUrl ?? null,
        input.deadlineAt,
        input.leaseUntil ?? null,
        input.cancelAfterAt ?? null,
        input.variant ?? null,
        event.id,
        event.dedupeKey,
        event.body,
        event.at,
        event.callbackUrl,
        event.endpointDeliveryId,
        event.callbackDeliveryId,
        input.identity.workspaceId,
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
