import { SERVICE_COST_KEY } from '@conduit/contracts';
import type pg from 'pg';
import { isDeadlock } from '../../platform/deadlock-retry.ts';
import { newId } from '../../platform/ids.ts';
import { intArray, textArray, timestampArray } from '../../platform/pg-arrays.ts';
import { activitySetSql } from '../credits/account-activity.ts';
import { startedEventSql } from '../events/started-event.ts';
import { LIVE_WORKSPACE_JOIN, LIVE_WORKSPACE_WHERE } from './authenticate-key.ts';
import {
  type ChargeInput,
  type ChargeResult,
  chargeCall,
  chargeTestCall,
  startedEventOf,
} from './charge-call.ts';
import { keyBudgetsSql, keyUsableSql } from './key-rules-sql.ts';

/*
 * Paid calls of many accounts at once, as one statement. Each account of the batch is debited its
 * own total only if every call's key is usable for that call (key-rules-sql.ts), every limited
 * key's budget has room for all its calls, and the balance covers that total (one conditional
 * UPDATE over the batch's accounts, never read-then-write; the budgets are locked by the same
 * statement); each debited account's calls get their ledger entries (balance_after as if its
 * calls ran one by one, in order), its keys' budgets their new totals, and its calls their task
 * rows and their `task.started` events with the events' deliveries (webhooks/started-event.ts), all
 * from the debit's own output. An account that was not debited (an unusable key, a
 * budget or a balance without room for all its calls together) has nothing written, and its calls
 * are charged one by one instead. The statement answers one row per debited account.
 */
const CHARGE_BATCH_SQL = `
with req as (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[], $11::timestamptz[], $12::text[], $13::text[],
                       $14::timestamptz[], $15::timestamptz[], $16::text[], $17::text[], $18::text[], $19::text[],
                       $20::timestamptz[], $21::text[], $22::text[], $23::text[], $24::text[], $25::text[])
    with ordinality as r(workspace_id, key_id, task_id, service, cost, entry_id, cost_key, engine, request,
                         callback_url, deadline_at, key_hash, ip, lease_until, cancel_after_at, model,
                         event_id, event_key, event_body, event_at, started_callback_url, endpoint_delivery_id,
                         callback_delivery_id, variant, metadata, ord)
), checks as (
  select distinct workspace_id, key_id, key_hash, service, ip from req
), usable as materialized (
  select c.* from checks c join api_keys k on k.id = c.key_id and k.workspace_id = c.workspace_id
    ${LIVE_WORKSPACE_JOIN}
   where ${keyUsableSql('c.key_hash', 'c.service', 'c.ip')} and ${LIVE_WORKSPACE_WHERE}
), budgets as (${keyBudgetsSql('$2::text[]')}
), key_totals as (
  select key_id, sum(cost)::int as total from req group by key_id
), over_budget as (
  select distinct r.workspace_id from req r join key_totals t on t.key_id = r.key_id
    join budgets b on b.id = r.key_id where b.spent + t.total > b.credits
), totals as (
  select r.workspace_id, sum(r.cost)::int as total, array_agg(r.service) as services
    from req r left join usable u on u.key_id = r.key_id and u.key_hash = r.key_hash
                                 and u.service = r.service and u.ip = r.ip
   where r.workspace_id not in (select workspace_id from over_budget)
   group by r.workspace_id
  having bool_and(u.key_id is not null)
), debit as (
  update credit_accounts c
     set balance = c.balance - t.total, updated_at = now(), ${activitySetSql('t.services')}
    from totals t
   where c.workspace_id = t.workspace_id and c.balance >= t.total
  returning c.workspace_id, c.balance, t.total
), key_spend as (
  update api_keys k set spent_credits = b.spent + t.total, spent_period = b.label
    from budgets b join key_totals t on t.key_id = b.id
   where k.id = b.id and k.workspace_id in (select workspace_id from debit)
), numbered as (
  select r.*, sum(r.cost) over (partition by r.workspace_id order by r.ord) as spent from req r
), entry as (
  insert into credit_entries (id, workspace_id, delta, reason, reference, service, balance_after)
  select n.entry_id, n.workspace_id, -n.cost, 'usage', n.task_id, n.cost_key, d.balance + d.total - n.spent
    from numbered n join debit d on d.workspace_id = n.workspace_id
), task as (
  insert into tasks (id, workspace_id, api_key_id, service, model, cost, engine, request, callback_url,
                     deadline_at, next_check_at, cancel_after_at, variant, metadata)
  select n.task_id, n.workspace_id, n.key_id, n.service, n.model, n.cost, n.engine, n.request::jsonb,
         n.callback_url, n.deadline_at, coalesce(n.lease_until, now()), n.cancel_after_at, n.variant,
         n.metadata::jsonb
    from numbered n join debit d on d.workspace_id = n.workspace_id
), started as (
  select n.workspace_id, n.event_id, n.event_key, n.event_body, n.event_at, n.started_callback_url,
         n.endpoint_delivery_id, n.callback_delivery_id, n.ord
    from numbered n join debit d on d.workspace_id = n.workspace_id
), ${startedEventSql('started')}
select workspace_id, balance, total from debit`;
const CHARGE_BATCH_STATEMENT = 'conduit-charge-batch';

/** The most calls one batch statement carries. */
const MAX_BATCH = 256;

/**
 * Batch statements in flight at once, per process. Each account is in at most one of them, so two
 * statements of this process never wait for each other's row locks. One statement in flight lets
 * the calls that arrive meanwhile make the next batch bigger; a second one keeps PostgreSQL busy
 * while the first commits (bench/README.md, "Paid API (autocannon, 64 connections)": runs (e)).
 */
const STATEMENTS_IN_FLIGHT = 2;

interface Waiting {
  input: ChargeInput;
  resolve: (result: ChargeResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Charges paid calls, coalescing concurrent calls of all accounts: while debit statements are in
 * flight, the calls that arrive wait, and the next statement carries them together, whatever their
 * accounts. Each account row is locked (and the commit flushed) once per batch instead of once per
 * call, which is what lets one busy account, or many quiet ones, make thousands of calls a second.
 * Calls with an Idempotency-Key, a batch of one call, and every call of an account its batch could
 * not charge whole go through `chargeCall` one by one.
 */
export function createCharger(pool: pg.Pool) {
  /** Waiting calls by account, in arrival order of their first call. */
  const waiting = new Map<string, Waiting[]>();
  /** Accounts whose calls are in a statement now. */
  const busy = new Set<string>();
  let inFlight = 0;

  const chargeAlone = (calls: Waiting[]) =>
    Promise.all(calls.map((call) => chargeCall(pool, call.input).then(call.resolve, call.reject)));

  async function chargeBatch(calls: Waiting[]) {
    const taskIds = calls.map(() => newId('task'));
    const events = calls.map((call, index) => startedEventOf(taskIds[index] as string, call.input));
    const column = <T>(pick: (input: ChargeInput) => T) => calls.map((call) => pick(call.input));
    let debited: { workspace_id: string; balance: number; total: number }[];
    try {
      const { rows } = await pool.query({
        name: CHARGE_BATCH_STATEMENT,
        text: CHARGE_BATCH_SQL,
        // Binary arrays (platform/pg-arrays.ts): nothing escaped here, nothing parsed there.
        values: [
          textArray(column((input) => input.identity.workspaceId)),
          textArray(column((input) => input.identity.keyId)),
          textArray(taskIds),
          textArray(column((input) => input.service)),
          intArray(column((input) => input.cost)),
          textArray(column(() => newId('cre'))),
          textArray(column((input) => SERVICE_COST_KEY[input.service])),
          textArray(column((input) => input.engine.name)),
          textArray(column((input) => JSON.stringify(input.request))),
          textArray(column((input) => input.callbackUrl)),
          timestampArray(column((input) => input.deadlineAt)),
          textArray(column((input) => input.identity.keyHash)),
          textArray(column((input) => input.ip)),
          timestampArray(column((input) => input.leaseUntil)),
          timestampArray(column((input) => input.cancelAfterAt)),
          textArray(column((input) => input.model)),
          textArray(events.map((event) => event.id)),
          textArray(events.map((event) => event.dedupeKey)),
          textArray(events.map((event) => event.body)),
          timestampArray(events.map((event) => event.at)),
          textArray(events.map((event) => event.callbackUrl)),
          textArray(events.map((event) => event.endpointDeliveryId)),
          textArray(events.map((event) => event.callbackDeliveryId)),
          textArray(column((input) => input.variant)),
          textArray(column((input) => (input.metadata ? JSON.stringify(input.metadata) : null))),
        ],
      });
      debited = rows;
    } catch (error) {
      // Nothing was written: the statement is one transaction. Charged one by one instead.
      // A deadlock: two processes' batches locked shared accounts in opposite orders.
      if (isDeadlock(error)) return chargeAlone(calls);
      throw error;
    }
    const byAccount = new Map(debited.map((row) => [row.workspace_id, row]));
    const spent = new Map<string, number>();
    const leftOver: Waiting[] = [];
    calls.forEach((call, index) => {
      const account = byAccount.get(call.input.identity.workspaceId);
      if (!account) {
        leftOver.push(call);
        return;
      }
      const before = spent.get(account.workspace_id) ?? 0;
      spent.set(account.workspace_id, before + call.input.cost);
      call.resolve({
        isReplay: false,
        taskId: taskIds[index] as string,
        balance: account.balance + account.total - before - call.input.cost,
      });
    });
    await chargeAlone(leftOver);
  }

  /** Up to MAX_BATCH waiting calls of accounts not in a statement now; marks those accounts busy. */
  function takeBatch(): { calls: Waiting[]; accounts: string[] } {
    const calls: Waiting[] = [];
    const accounts: string[] = [];
    for (const [account, queue] of waiting) {
      if (calls.length >= MAX_BATCH) break;
      if (busy.has(account)) continue;
      const taken = queue.splice(0, MAX_BATCH - calls.length);
      calls.push(...taken);
      accounts.push(account);
      busy.add(account);
      if (queue.length === 0) waiting.delete(account);
    }
    return { calls, accounts };
  }

  function pump() {
    while (inFlight < STATEMENTS_IN_FLIGHT) {
      const { calls, accounts } = takeBatch();
      if (calls.length === 0) return;
      inFlight += 1;
      const run = calls.length === 1 ? chargeAlone(calls) : chargeBatch(calls);
      void run
        .catch((error) => {
          for (const call of calls) call.reject(error);
        })
        .finally(() => {
          inFlight -= 1;
          for (const account of accounts) busy.delete(account);
          pump();
        });
    }
  }

  return {
    charge(input: ChargeInput): Promise<ChargeResult> {
      // A test key's call is free: one statement of its own, no debit to batch (charge-call.ts, chargeTestCall).
      if (!input.identity.livemode) return chargeTestCall(pool, input);
      if (input.idempotencyKey !== undefined) return chargeCall(pool, input);
      return new Promise<ChargeResult>((resolve, reject) => {
        const account = input.identity.workspaceId;
        const queue = waiting.get(account);
        if (queue) queue.push({ input, resolve, reject });
        else waiting.set(account, [{ input, resolve, reject }]);
        pump();
      });
    },
  };
}
export type Charger = ReturnType<typeof createCharger>;
