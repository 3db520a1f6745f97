import { desc, lt } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import { startRecurringJob } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';
import { DAY_MS } from './admin-context.ts';
import { analyticsQuery } from './figures.ts';
import { ledgerChecks } from './schema.ts';

export const LEDGER_AUDIT_QUEUE = 'ledger-audit';
/** Every 5 minutes; the health page calls a result older than LEDGER_AUDIT_STALE_MS stale. */
export const LEDGER_AUDIT_CRON = '*/5 * * * *';
export const LEDGER_AUDIT_STALE_MS = 15 * 60_000;
const KEEP_RESULTS_MS = 30 * DAY_MS;

/*
 * One statement over every account: the balance against the sum of the account's entries.
 * The full join also finds entries of an account without a balance row.
 */
const LEDGER_CHECK_SQL = `
select count(*)::int as accounts,
       count(*) filter (where coalesce(c.balance, 0) <> coalesce(e.total, 0))::int as mismatched
  from credit_accounts c
  full join (select workspace_id, sum(delta)::bigint as total from credit_entries group by workspace_id) e
    on e.workspace_id = c.workspace_id`;

export type LedgerCheck = typeof ledgerChecks.$inferSelect;

/** Runs the check now and records the result (results older than 30 days are dropped). */
export async function runLedgerCheck(ctx: Pick<Services, 'db' | 'pool' | 'clock'>): Promise<LedgerCheck> {
  const started = performance.now();
  // Enough memory to aggregate every account at once instead of spilling to disk.
  const [row = { accounts: 0, mismatched: 0 }] = await analyticsQuery<{
    accounts: number;
    mismatched: number;
  }>(ctx.pool, LEDGER_CHECK_SQL, [], '64MB');
  const checkedAt = ctx.clock.now();
  const [result] = await ctx.db
    .insert(ledgerChecks)
    .values({ id: newId('lck'), checkedAt, ...row, durationMs: Math.round(performance.now() - started) })
    .returning();
  await ctx.db
    .delete(ledgerChecks)
    .where(lt(ledgerChecks.checkedAt, new Date(checkedAt.getTime() - KEEP_RESULTS_MS)));
  return result as LedgerCheck;
}

export async function latestLedgerCheck(db: Services['db']): Promise<LedgerCheck | undefined> {
  const [row] = await db.select().from(ledgerChecks).orderBy(desc(ledgerChecks.checkedAt)).limit(1);
  return row;
}

/**
 * The ledger audit runs on worker processes (ROLE worker or all): every 5 minutes by pg-boss's
 * schedule, and once at start so a fresh process has a result within seconds. One run at a time
 * across processes (a singleton job).
 */
export async function startLedgerAudit(services: Services) {
  const audit = async () => {
    const result = await runLedgerCheck(services);
    if (result.mismatched > 0) {
      services.log.error(
        { mismatched: result.mismatched },
        'ledger audit: balances differ from their ledger entries',
      );
    }
  };
  await startRecurringJob(services, LEDGER_AUDIT_QUEUE, LEDGER_AUDIT_CRON, audit, {
    pollingIntervalSeconds: 5,
  });
}
