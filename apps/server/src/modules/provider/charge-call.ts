import { SERVICE_COST_KEY, type Service, TASK_DEADLINE_S } from '@conduit/contracts';
import type pg from 'pg';
import { Conflict, InsufficientCredits, Unauthorized } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { INVALID_KEY_MESSAGE, type KeyIdentity } from './authenticate-key.ts';

export interface ChargeInput {
  identity: KeyIdentity;
  service: Service;
  cost: number;
  engine: string;
  request: unknown;
  idempotencyKey?: string;
  requestHash?: string;
  callbackUrl?: string;
}

export type ChargeResult =
  | { isReplay: false; taskId: string; balance: number }
  | { isReplay: true; taskId: string };

/*
 * One statement, one round trip, one transaction: the key is re-checked (a key deleted a moment
 * ago in another process cannot spend), the balance is debited only if it covers the cost (a
 * conditional UPDATE, never read-then-write), and the ledger entry and the task row are written
 * from the debit's own output, so all three happen together or not at all. `available` reads
 * the balance as it was before this statement, for the 402 answer.
 */
const CHARGE_SQL = `
with live_key as (
  select k.user_id from api_keys k join users u on u.id = k.user_id
  where k.id = $1 and k.deleted_at is null and u.is_active and u.deleted_at is null
), debit as (
  update credit_accounts c set balance = c.balance - $4, updated_at = now()
  from live_key where c.user_id = live_key.user_id and c.balance >= $4
  returning c.user_id, c.balance
), entry as (
  insert into credit_entries (id, user_id, delta, reason, reference, service, balance_after)
  select $5, user_id, -$4::int, 'usage', $2, $6, balance from debit
), task as (
  insert into tasks (id, user_id, api_key_id, service, cost, engine, request, idempotency_key,
                     request_hash, callback_url, deadline_at, next_check_at)
  select $2, user_id, $1, $3, $4, $7, $8::jsonb, $9, $10, $11, now() + make_interval(secs => $12), now()
  from debit
)
select (select count(*) from live_key)::int as key_live,
       (select balance from debit) as balance,
       (select balance from credit_accounts where user_id = $13) as available`;

const IDEMPOTENCY_INDEX = 'tasks_user_id_idempotency_key_idx';

export async function chargeCall(pool: pg.Pool, input: ChargeInput): Promise<ChargeResult> {
  const taskId = newId('task');
  try {
    const { rows } = await pool.query(CHARGE_SQL, [
      input.identity.keyId,
      taskId,
      input.service,
      input.cost,
      newId('cre'),
      SERVICE_COST_KEY[input.service],
      input.engine,
      JSON.stringify(input.request),
      input.idempotencyKey ?? null,
      input.requestHash ?? null,
      input.callbackUrl ?? null,
      TASK_DEADLINE_S[input.service],
      input.identity.userId,
    ]);
    const row = rows[0] as { key_live: number; balance: number | null; available: number | null };
    if (row.key_live === 0) throw new Unauthorized(INVALID_KEY_MESSAGE);
    if (row.balance === null) throw new InsufficientCredits(input.cost, row.available ?? 0);
    return { isReplay: false, taskId, balance: row.balance };
  } catch (error) {
    if ((error as { constraint?: string }).constraint !== IDEMPOTENCY_INDEX) throw error;
    return replayOf(pool, input);
  }
}

/** Same Idempotency-Key: the first task answers again if the body is the same; another body is a 409. */
async function replayOf(pool: pg.Pool, input: ChargeInput): Promise<ChargeResult> {
  const { rows } = await pool.query(
    'select id, request_hash, service from tasks where user_id = $1 and idempotency_key = $2',
    [input.identity.userId, input.idempotencyKey],
  );
  const existing = rows[0] as { id: string; request_hash: string | null; service: string } | undefined;
  if (!existing || existing.request_hash !== input.requestHash || existing.service !== input.service) {
    throw new Conflict('This Idempotency-Key was already used with a different request');
  }
  return { isReplay: true, taskId: existing.id };
}
