import {
  type AdminHealthResponse,
  type HEALTH_CHECK_NAMES,
  HEALTH_ERROR_RATE_GOOD_BELOW,
  type HealthCheck,
} from '@conduit/contracts';
import { JOBS_SCHEMA } from '../../platform/jobs.ts';
import { raisedUpstreamAlerts } from '../upstream-watch/upstream-alerts.ts';
import { type AdminContext, DAY_MS } from './admin-context.ts';
import { processFigures } from './figures.ts';
import { LEDGER_AUDIT_STALE_MS, latestLedgerCheck } from './ledger-audit.ts';
import { variantMargins } from './margin-guard.ts';

/** A check that has not answered by then fails: the page must answer even when a part hangs. */
const CHECK_TIMEOUT_MS = 3_000;
export const DATABASE_SLOW_MS = 500;
export const JOB_QUEUE_WARN_DEPTH = 1_000;
/** The task pump fails a task at its first look after the deadline; a minute later it is stuck. */
export const STUCK_GRACE_MS = 60_000;
/** Below this many kie credits new calls may soon fail upstream (KIE_LOW_BALANCE_CREDITS' default). */
export const UPSTREAM_LOW_BALANCE = 2_000;

type Probe = () => Promise<Omit<HealthCheck, 'name'>>;

type CheckName = (typeof HEALTH_CHECK_NAMES)[number];

async function runCheck(name: CheckName, probe: Probe): Promise<HealthCheck> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { name, ...result };
  } catch (error) {
    return {
      name,
      status: 'fail',
      detail: error instanceof Error ? error.message : String(error),
      value: null,
    };
  } finally {
    clearTimeout(timer);
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function count(ctx: AdminContext, text: string, params: unknown[] = []): Promise<number> {
  const { rows } = await ctx.pool.query<{ n: number }>(text, params);
  return Number(rows[0]?.n ?? 0);
}

function checksOf(ctx: AdminContext): Array<[CheckName, Probe]> {
  const now = ctx.clock.now();
  const jobs = JOBS_SCHEMA;
  return [
    [
      'database',
      async () => {
        const started = performance.now();
        await ctx.pool.query('select 1');
        const ms = Math.round(performance.now() - started);
        return {
          status: ms > DATABASE_SLOW_MS ? 'warn' : 'ok',
          detail: `answered in ${ms} ms`,
          value: ms,
        };
      },
    ],
    [
      'job_queue',
      async () => {
        const { rows } = await ctx.pool.query<{ waiting: number; active: number }>(
          `select count(*) filter (where state in ('created', 'retry'))::int as waiting,
                  count(*) filter (where state = 'active')::int as active
             from ${jobs}.job where state in ('created', 'retry', 'active')`,
        );
        const { waiting = 0, active = 0 } = rows[0] ?? {};
        return {
          status: waiting >= JOB_QUEUE_WARN_DEPTH ? 'warn' : 'ok',
          detail: `${plural(waiting, 'job')} waiting, ${active} running`,
          value: waiting,
        };
      },
    ],
    [
      'stuck_tasks',
      async () => {
        const stuck = await count(
          ctx,
          `select count(*)::int as n from tasks where status = 'processing' and deadline_at < $1`,
          [new Date(now.getTime() - STUCK_GRACE_MS)],
        );
        return {
          status: stuck > 0 ? 'warn' : 'ok',
          detail:
            stuck > 0
              ? `${plural(stuck, 'task')} past the deadline and not settled: is a worker process running?`
              : 'no task past its deadline',
          value: stuck,
        };
      },
    ],
    [
      'payment_webhooks',
      async () => {
        if (!ctx.config.STRIPE_WEBHOOK_SECRET) {
          return { status: 'ok', detail: 'Stripe webhooks not configured', value: null };
        }
        const window = ctx.metrics.inboundWebhooks.summary(Date.now());
        return {
          status: window.errors > 0 ? 'warn' : 'ok',
          detail: `${window.errors} of ${plural(window.requests, 'Stripe event')} refused or failed in the last 24 hours (this process)`,
          value: window.errors,
        };
      },
    ],
    [
      'task_webhooks',
      async () => {
        // The delivery log: deliveries given up (the retry schedule ran out) and those retrying.
        const { rows } = await ctx.pool.query<{ failed: number; retrying: number }>(
          `select count(*) filter (where status = 'failed' and updated_at > $1)::int as failed,
                  count(*) filter (where status = 'pending' and attempts > 0)::int as retrying
             from webhook_deliveries where status in ('failed', 'pending')`,
          [new Date(now.getTime() - DAY_MS)],
        );
        const { failed = 0, retrying = 0 } = rows[0] ?? {};
        return {
          status: failed > 0 ? 'warn' : 'ok',
          detail: `${plural(failed, 'callback')} given up in the last 24 hours, ${retrying} being retried`,
          value: failed,
        };
      },
    ],
    [
      'ledger',
      async () => {
        const check = await latestLedgerCheck(ctx.db);
        if (!check) {
          return {
            status: 'warn',
            detail: 'the ledger audit has not run yet: is a worker process running?',
            value: null,
          };
        }
        const at = check.checkedAt.toISOString();
        if (check.mismatched > 0) {
          return {
            status: 'fail',
            detail: `${plural(check.mismatched, 'account')} whose balance differs from the sum of its ledger entries (audit of ${at})`,
            value: check.mismatched,
          };
        }
        const isStale = now.getTime() - check.checkedAt.getTime() > LEDGER_AUDIT_STALE_MS;
        return {
          status: isStale ? 'warn' : 'ok',
          detail: isStale
            ? `the last ledger audit ran at ${at}: is a worker process running?`
            : `${plural(check.accounts, 'account')}: every balance equals the sum of its ledger entries (audit of ${at}, ${check.durationMs} ms)`,
          value: check.mismatched,
        };
      },
    ],
    [
      'prices',
      async () => {
        // The margin guard: amber while any enabled variant sells under its cost plus the floor.
        const below = (await variantMargins(ctx)).filter((row) => row.belowCost);
        const names = below.map((row) => `${row.model ?? row.service} ${row.variant}`);
        return {
          status: below.length > 0 ? 'warn' : 'ok',
          detail:
            below.length > 0
              ? `below cost plus the ${ctx.config.MARGIN_FLOOR_PERCENT}% margin floor at the cheapest pack: ${names.join(', ')}`
              : `every enabled variant sells above its cost plus the ${ctx.config.MARGIN_FLOOR_PERCENT}% margin floor`,
          value: below.length,
        };
      },
    ],
    [
      'upstream_balance',
      async () => {
        // The balance watch's raised alerts (Apify's usage, a missing actor); kie is read live below.
        const raised = (await raisedUpstreamAlerts(ctx.db)).filter((alert) => alert.id !== 'kie:balance');
        const alerts = raised.map((alert) => alert.reason);
        if (ctx.config.PROVIDER_ENGINE !== 'kie' || !ctx.engine?.upstreamBalance) {
          return alerts.length > 0
            ? { status: 'warn', detail: alerts.join('; '), value: null }
            : { status: 'ok', detail: 'local engine', value: null };
        }
        const balance = await ctx.engine.upstreamBalance();
        const isLow = balance < ctx.config.KIE_LOW_BALANCE_CREDITS;
        return {
          status: isLow || alerts.length > 0 ? 'warn' : 'ok',
          detail: [`${balance} kie.ai credits left${isLow ? ': top up soon' : ''}`, ...alerts].join('; '),
          value: balance,
        };
      },
    ],
  ];
}

/** Status: unhealthy when a check fails, degraded on a warning or a 5xx rate of 1% or more. */
export async function getHealth(ctx: AdminContext): Promise<AdminHealthResponse> {
  const checks = await Promise.all(checksOf(ctx).map(([name, probe]) => runCheck(name, probe)));
  const { uptime, responseTime, errorRate } = processFigures(ctx);
  const status = checks.some((check) => check.status === 'fail')
    ? 'unhealthy'
    : checks.some((check) => check.status === 'warn') || errorRate >= HEALTH_ERROR_RATE_GOOD_BELOW
      ? 'degraded'
      : 'healthy';
  return { health: { status, uptime, responseTime, errorRate }, checks };
}
