import { SERVICE_COST_KEY, type Service, TASK_DEADLINE_S } from '@conduit/contracts';
import type pg from 'pg';
import { Conflict, InsufficientCredits, Unauthorized } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { activitySetSql } from '../credits/account-activity.ts';
import {
  INVALID_KEY_MESSAGE,
  type KeyIdentity,
  LIVE_WORKSPACE_JOIN,
  LIVE_WORKSPACE_WHERE,
} from './authenticate-key.ts';

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
 * the balance as it was before this statement, for the 402 answer. The same UPDATE keeps the
 * account's call activity for the admin figures (credits/account-activity.ts).
 */
const CHARGE_SQL = `
with live_key as (
  select k.workspace_id from api_keys k ${LIVE_WORKSPACE_JOIN}
  where k.id = $1 and k.deleted_at is null and ${LIVE_WORKSPACE_WHERE}
), debit as (
  update credit_accounts c set balance = c.balance - $4, updated_at = now(), ${activitySetSql('array[$3::text]')}
  from live_key where c.workspace_id = live_key.workspace_id and c.balance >= $4
  returning c.workspace_id, c.balance
), entry as (
  insert into credit_entries (id, workspace_id, delta, reason, reference, service, balance_after)
  select $5, workspace_id, -$4::int, 'usage', $2, $6, balance from debit
), task as (
  insert into tasks (id, workspace_id, api_key_id, service, cost, engine, request, idempotency_key,
                     request_hash, callback_url, deadline_at, next_check_at)
  select $2, workspace_id, $1, $3, $4, $7, $8::jsonb, $9, $10, $11, now() + make_interval(secs => $12), now()
  from debit
)
select (select count(*) from live_key)::int as key_live,
       (select balance from debit) as balance,
       (select balance from credit_accounts where workspace_id = $13) as available`;

const IDEMPOTENCY_INDEX = 'tasks_workspace_id_idempotency_key_idx';

/*
 * The charge statements run as named prepared statements: each pooled connection parses and plans
 * them once. Planning these CTEs on every call cost PostgreSQL as much CPU as the writes
 * themselves (bench/README.md: about 190 -> 100 us of PostgreSQL CPU per paid call). Behind a
 * connection pooler in transaction mode, it must support protocol-level prepared statements
 * (PgBouncer >= 1.21 with max_prepared_statements; docs/operations.md).
 */
const CHARGE_STATEMENT = 'conduit-charge-call';
const CHARGE_BATCH_STATEMENT = 'conduit-charge-batch';

export async function chargeCall(pool: pg.Pool, input: ChargeInput): Promise<ChargeResult> {
  const taskId = newId('task');
  try {
    const { rows } = await pool.query({
      name: CHARGE_STATEMENT,
      text: CHARGE_SQL,
      values: [
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
        input.identity.workspaceId,
      ],
    });
    const row = rows[0] as { key_live: number; balance: number | null; available: number | null };
    if (row.key_live === 0) throw new Unauthorized(INVALID_KEY_MESSAGE);
    if (row.balance === null) throw new InsufficientCredits(input.cost, row.available ?? 0);
    return { isReplay: false, taskId, balance: row.balance };
  } catch (error) {
    if ((error as { constraint?: string }).constraint !== IDEMPOTENCY_INDEX) throw error;
    return replayOf(pool, input);
  }
}

/*
 * Many paid calls of one account at once, as one statement: the key of every call is re-checked,
 * and the account is debited the batch's total only if it covers all of it (still one conditional
 * UPDATE, never read-then-write); each call gets its own ledger entry (balance_after as if the
 * calls ran one by one, in order) and task row. If any key is dead or the balance does not cover
 * the whole batch, nothing is written and the calls are charged one by one instead.
 */
const CHARGE_BATCH_SQL = `
with req as (
  select * from unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[],
                       $9::text[], $10::text[], $11::int[]) with ordinality
    as r(key_id, task_id, service, cost, entry_id, cost_key, engine, request, callback_url, deadline_s, ord)
), dead_keys as (
  select count(*)::int as n from (select distinct key_id from req) r where not exists (
    select 1 from api_keys k ${LIVE_WORKSPACE_JOIN}
    where k.id = r.key_id and k.workspace_id = $1 and k.deleted_at is null and ${LIVE_WORKSPACE_WHERE})
), debit as (
  update credit_accounts c
     set balance = c.balance - $12, updated_at = now(), ${activitySetSql('(select array_agg(service) from req)')}
  where c.workspace_id = $1 and c.balance >= $12 and (select n from dead_keys) = 0
  returning c.balance
), numbered as (
  select r.*, sum(r.cost) over (order by r.ord) as spent from req r
), entry as (
  insert into credit_entries (id, workspace_id, delta, reason, reference, service, balance_after)
  select n.entry_id, $1, -n.cost, 'usage', n.task_id, n.cost_key, d.balance + $12 - n.spent
  from numbered n, debit d
), task as (
  insert into tasks (id, workspace_id, api_key_id, service, cost, engine, request, callback_url, deadline_at, next_check_at)
  select n.task_id, $1, n.key_id, n.service, n.cost, n.engine, n.request::jsonb, n.callback_url,
         now() + make_interval(secs => n.deadline_s), now()
  from numbered n, debit d
)
select (select balance from debit) as balance`;

/** The most calls one batch statement carries. */
const MAX_BATCH = 128;

/**
 * Debits of one account in flight at once, per process. One: a second statement queued on the
 * row lock only re-checks the row after the first commits, costing PostgreSQL CPU for nothing
 * (overlapping transactions also share the users row's key lock as a multixact), while the
 * calls that arrive meanwhile make the next batch bigger. Measured with prepared statements on
 * 2 cores: depth 1 answers 5,500-6,200 paid calls/s at p99 19-26 ms, depth 2 3,900-4,900 at
 * 26-35 ms, depth 3 and 4 less still (bench/README.md).
 */
const PIPELINE_DEPTH = 1;

interface Line {
  queue: Waiting[];
  loops: number;
}

interface Waiting {
  input: ChargeInput;
  resolve: (result: ChargeResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Charges paid calls, coalescing concurrent calls of the same account: while debits of an
 * account are in flight, the calls that arrive wait and then go together as one statement. The
 * account row is locked (and its commit flushed) once per batch instead of once per call, which is
 * what lets one busy account make thousands of calls a second. Calls with an Idempotency-Key,
 * and every call of a batch that cannot be charged whole, go through `chargeCall` one by one.
 */
export function createCharger(pool: pg.Pool) {
  const lines = new Map<string, Line>();

  async function chargeBatch(workspaceId: string, batch: Waiting[]) {
    const taskIds = batch.map(() => newId('task'));
    const column = <T>(pick: (input: ChargeInput) => T) => batch.map((waiting) => pick(waiting.input));
    const total = batch.reduce((sum, waiting) => sum + waiting.input.cost, 0);
    const { rows } = await pool.query({
      name: CHARGE_BATCH_STATEMENT,
      text: CHARGE_BATCH_SQL,
      values: [
        workspaceId,
        column((input) => input.identity.keyId),
        taskIds,
        column((input) => input.service),
        column((input) => input.cost),
        column(() => newId('cre')),
        column((input) => SERVICE_COST_KEY[input.service]),
        column((input) => input.engine),
        column((input) => JSON.stringify(input.request)),
        column((input) => input.callbackUrl ?? null),
        column((input) => TASK_DEADLINE_S[input.service]),
        total,
      ],
    });
    const balanceAfter = (rows[0] as { balance: number | null }).balance;
    if (balanceAfter === null) {
      await Promise.all(
        batch.map((waiting) => chargeCall(pool, waiting.input).then(waiting.resolve, waiting.reject)),
      );
      return;
    }
    let spent = 0;
    batch.forEach((waiting, index) => {
      spent += waiting.input.cost;
      waiting.resolve({
        isReplay: false,
        taskId: taskIds[index] as string,
        balance: balanceAfter + total - spent,
      });
    });
  }

  async function drain(workspaceId: string, line: Line) {
    while (line.queue.length > 0) {
      const batch = line.queue.splice(0, MAX_BATCH);
      try {
        if (batch.length === 1) {
          const [only] = batch as [Waiting];
          await chargeCall(pool, only.input).then(only.resolve, only.reject);
        } else {
          await chargeBatch(workspaceId, batch);
        }
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    line.loops -= 1;
    if (line.loops === 0) lines.delete(workspaceId);
  }

  return {
    charge(input: ChargeInput): Promise<ChargeResult> {
      if (input.idempotencyKey !== undefined) return chargeCall(pool, input);
      return new Promise<ChargeResult>((resolve, reject) => {
        const workspaceId = input.identity.workspaceId;
        let line = lines.get(workspaceId);
        if (!line) {
          line = { queue: [], loops: 0 };
          lines.set(workspaceId, line);
        }
        line.queue.push({ input, resolve, reject });
        if (line.loops < PIPELINE_DEPTH) {
          line.loops += 1;
          void drain(workspaceId, line);
        }
      });
    },
  };
}
export type Charger = ReturnType<typeof createCharger>;

/** Same Idempotency-Key: the first task answers again if the body is the same; another body is a 409. */
async function replayOf(pool: pg.Pool, input: ChargeInput): Promise<ChargeResult> {
  const { rows } = await pool.query(
    'select id, request_hash, service from tasks where workspace_id = $1 and idempotency_key = $2',
    [input.identity.workspaceId, input.idempotencyKey],
  );
  const existing = rows[0] as { id: string; request_hash: string | null; service: string } | undefined;
  if (!existing || existing.request_hash !== input.requestHash || existing.service !== input.service) {
    throw new Conflict('This Idempotency-Key was already used with a different request');
  }
  return { isReplay: true, taskId: existing.id };
}
