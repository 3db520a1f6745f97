import type pg from 'pg';

/**
 * What no sequence of requests may leave behind, each as a query answering the rows that break
 * it: every balance equals its ledger, every usage debit has its task and every task its debit
 * (same amount), a refund only for a failed task and at most once, every settled task its one
 * settle event and no task still processing one, no row without its owner.
 */
const BROKEN = {
  'balance differs from the ledger': `
    select c.workspace_id, c.balance, coalesce(sum(e.delta), 0)::int as ledger
      from credit_accounts c left join credit_entries e on e.workspace_id = c.workspace_id
     group by c.workspace_id, c.balance having c.balance <> coalesce(sum(e.delta), 0)`,
  'task without its usage debit': `
    select t.id from tasks t
     where not exists (select 1 from credit_entries e
                        where e.reason = 'usage' and e.reference = t.id and e.delta = -t.cost and e.workspace_id = t.workspace_id)`,
  'usage debit without its task': `
    select e.id from credit_entries e
     where e.reason = 'usage' and not exists (select 1 from tasks t where t.id = e.reference)`,
  'refund of a task that did not fail': `
    select e.id from credit_entries e
     where e.reason = 'refund' and not exists (select 1 from tasks t where t.id = e.reference and t.status = 'failed')`,
  'settled task without exactly one settle event, or a task still processing with one': `
    select t.id, t.status from tasks t
     where (select count(*) from webhook_events v
             where v.workspace_id = t.workspace_id and v.dedupe_key = any(array[
               'task:' || t.id || ':task.completed', 'task:' || t.id || ':task.failed',
               'task:' || t.id || ':task.canceled'])) <> case t.status when 'processing' then 0 else 1 end`,
  'purchase credit without its paid payment, or a paid payment without its credit': `
    select coalesce(p.id, e.reference) as id from payments p
      full join credit_entries e on e.reason = 'purchase' and e.reference = p.id
     where (p.status = 'paid') is distinct from (e.id is not null and e.delta = p.credits)`,
  'negative balance': 'select workspace_id from credit_accounts where balance < 0',
  'ledger entry without an account': `
    select e.id from credit_entries e where not exists (select 1 from credit_accounts c where c.workspace_id = e.workspace_id)`,
  'key without its user': `
    select k.id from api_keys k where not exists (select 1 from workspaces w where w.id = k.workspace_id)`,
  'session without its user': `
    select s.id from sessions s where not exists (select 1 from users u where u.id = s.user_id)`,
  'verified user without a credit account': `
    select u.id from users u
     where u.email_verified_at is not null and u.deleted_at is null
       and not exists (select 1 from credit_accounts c where c.workspace_id = u.id)`,
} as const;

export async function findBrokenInvariants(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const broken: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(BROKEN)) {
    const { rows } = await pool.query(sql);
    if (rows.length > 0) broken[name] = rows.slice(0, 5);
  }
  return broken;
}

/** Balance, tasks and ledger entries of one account: the money side of one request. */
export async function moneyOf(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query(
    `select (select balance from credit_accounts where workspace_id = $1) as balance,
            (select count(*) from tasks where workspace_id = $1)::int as tasks,
            (select count(*) from credit_entries where workspace_id = $1)::int as entries`,
    [userId],
  );
  return rows[0] as { balance: number; tasks: number; entries: number };
}
