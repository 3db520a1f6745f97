import {
  type AdminReconciliationResponse,
  byServiceAndModel,
  callModelOf,
  RECONCILIATION_REFUNDED_LIMIT,
  type ReconciliationDay,
  type ReconciliationModel,
  type Service,
} from '@conduit/contracts';
import type { AdminContext } from './admin-context.ts';
import { DAY_MS } from './admin-context.ts';
import { analyticsQuery } from './figures.ts';

/*
 * Per UTC day, service, model and price variant, the settled calls created in [$1, $2): credits charged and kept,
 * and what the upstreams billed, refunded calls included (tasks.upstream_cost_micros).
 */
const DAYS_SQL = `
select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, t.service, t.model, t.variant,
       count(*)::int as calls,
       coalesce(sum(t.cost), 0)::int as charged,
       coalesce(sum(t.cost - t.credits_refunded), 0)::int as kept,
       coalesce(sum(t.upstream_cost_micros), 0)::bigint as cost_micros,
       count(*) filter (where t.credits_refunded > 0 and t.upstream_cost_micros > 0)::int as refunded_billed
  from tasks t
 where t.status <> 'processing' and t.created_at >= $1 and t.created_at < $2 and t.livemode
 group by 1, 2, 3, 4`;

const REFUNDED_SQL = `
select id, service, model, channel, created_at, credits_refunded, upstream_cost_micros, error
  from tasks
 where status = 'failed' and upstream_cost_micros > 0 and created_at >= $1 and created_at < $2
 order by created_at desc, id desc
 limit ${RECONCILIATION_REFUNDED_LIMIT}`;

/** Every succeeded payment until now: what a credit brought in on average, in micros. */
const CREDIT_PRICE_SQL = `
select coalesce(sum(amount_cents), 0)::bigint as cents, coalesce(sum(credits), 0)::bigint as credits
  from payments where status = 'paid' and paid_at <= $1`;

type Figures = Omit<ReconciliationModel, 'service' | 'model' | 'variant'>;

/** Calls and credits at the credit price, against the upstream cost: one row's money. */
function figuresOf(
  row: { calls: number; charged: number; kept: number; costMicros: number; refundedBilled: number },
  creditPriceMicros: number,
): Figures {
  const earnedMicros = row.kept * creditPriceMicros;
  return {
    calls: row.calls,
    creditsCharged: row.charged,
    creditsKept: row.kept,
    earnedMicros,
    upstreamCostMicros: row.costMicros,
    marginMicros: earnedMicros - row.costMicros,
    refundedButBilled: row.refundedBilled,
  };
}

/**
 * What we charged against what the upstreams billed, per UTC day, service and model over the last
 * `days` days (today included) and per service and model over them all, and the tasks refunded to
 * the customer that an upstream billed anyway (docs/admin-figures.md, "Reconciliation").
 */
export async function getReconciliation(
  ctx: Pick<AdminContext, 'pool' | 'clock'>,
  days: number,
): Promise<AdminReconciliationResponse> {
  const now = ctx.clock.now();
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(todayStart - (days - 1) * DAY_MS);
  const to = new Date(todayStart + DAY_MS);
  const [rows, refunded, [price]] = await Promise.all([
    analyticsQuery<{
      date: string;
      service: Service;
      model: string | null;
      variant: string | null;
      calls: number;
      charged: number;
      kept: number;
      cost_micros: string;
      refunded_billed: number;
    }>(ctx.pool, DAYS_SQL, [from, to]),
    analyticsQuery<{
      id: string;
      service: Service;
      model: string | null;
      channel: string | null;
      created_at: Date;
      credits_refunded: number;
      upstream_cost_micros: number;
      error: string | null;
    }>(ctx.pool, REFUNDED_SQL, [from, to]),
    analyticsQuery<{ cents: string; credits: string }>(ctx.pool, CREDIT_PRICE_SQL, [now]),
  ]);
  const credits = Number(price?.credits ?? 0);
  const creditPriceMicros = credits === 0 ? 0 : Math.round((Number(price?.cents ?? 0) * 10_000) / credits);
  const amounts = rows.map((row) => ({
    date: row.date,
    service: row.service,
    model: row.model,
    variant: row.variant,
    calls: row.calls,
    charged: row.charged,
    kept: row.kept,
    costMicros: Number(row.cost_micros),
    refundedBilled: row.refunded_billed,
  }));
  // The window per service, model and variant: its days summed before the money is worked out.
  const totals = new Map<string, (typeof amounts)[number]>();
  for (const day of amounts) {
    const key = `${day.service}\n${day.model ?? ''}\n${day.variant ?? ''}`;
    const total = totals.get(key);
    if (!total) totals.set(key, { ...day });
    else {
      total.calls += day.calls;
      total.charged += day.charged;
      total.kept += day.kept;
      total.costMicros += day.costMicros;
      total.refundedBilled += day.refundedBilled;
    }
  }
  const modelOf = (row: { service: Service; model: string | null }) => ({
    service: row.service,
    model: callModelOf(row.model),
  });
  return {
    creditPriceMicros,
    days: amounts
      .map(
        (day): ReconciliationDay => ({
          date: day.date,
          ...modelOf(day),
          variant: day.variant,
          ...figuresOf(day, creditPriceMicros),
        }),
      )
      // Newest day first, then by service and catalogue order.
      .sort((a, b) => b.date.localeCompare(a.date) || byServiceAndModel(a, b)),
    models: [...totals.values()]
      .map(
        (total): ReconciliationModel => ({
          ...modelOf(total),
          variant: total.variant,
          ...figuresOf(total, creditPriceMicros),
        }),
      )
      .sort(byServiceAndModel),
    refundedButBilled: refunded.map((row) => ({
      taskId: row.id,
      ...modelOf(row),
      channel: row.channel,
      createdAt: row.created_at.toISOString(),
      creditsRefunded: row.credits_refunded,
      upstreamCostMicros: row.upstream_cost_micros,
      error: row.error,
    })),
  };
}

const CSV_HEADER = [
  'date',
  'service',
  'model',
  'variant',
  'calls',
  'creditsCharged',
  'creditsKept',
  'earnedUsd',
  'upstreamCostUsd',
  'marginUsd',
  'refundedButBilled',
];
const usd = (micros: number) => (micros / 1_000_000).toFixed(6);

/** The days as CSV: one line per day, service, model (its id; empty for none) and variant, dollars with six decimals. */
export function reconciliationCsv(report: AdminReconciliationResponse): string {
  const lines = report.days.map((day) =>
    [
      day.date,
      day.service,
      day.model?.id ?? '',
      day.variant ?? '',
      day.calls,
      day.creditsCharged,
      day.creditsKept,
      usd(day.earnedMicros),
      usd(day.upstreamCostMicros),
      usd(day.marginMicros),
      day.refundedButBilled,
    ].join(','),
  );
  return `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
