import {
  byServiceAndModel,
  callModelOf,
  type ModelMargin,
  SERVICES,
  type Service,
  type ServiceMargin,
} from '@conduit/contracts';
import type pg from 'pg';
import { analyticsQuery } from './figures.ts';

/*
 * Per service, model and price variant (and month, when `by_month`): completed calls, credits kept (charged less
 * refunded, settled calls) and the upstream cost of completed calls, of the calls created in [$2, $3].
 */
const MARGINS_SQL = `
select case when $1::boolean then to_char(date_trunc('month', t.created_at at time zone 'UTC'), 'YYYY-MM') else '' end as date,
       t.service, t.model, t.variant,
       count(*) filter (where t.status = 'completed')::int as calls,
       coalesce(sum(t.cost - t.credits_refunded) filter (where t.status <> 'processing'), 0)::int as credits,
       coalesce(sum(t.upstream_cost_micros) filter (where t.status = 'completed'), 0)::bigint as cost_micros
  from tasks t
 where t.created_at > $2::timestamptz and t.created_at <= $3::timestamptz and t.livemode
 group by 1, 2, 3, 4`;

/** What a credit brought in on average: every succeeded payment until `now`, cents over credits. */
const CREDIT_PRICE_SQL = `
select coalesce(sum(amount_cents), 0)::bigint as cents, coalesce(sum(credits), 0)::bigint as credits
  from payments where status = 'paid' and paid_at <= $1`;

interface MarginRow {
  date: string;
  service: Service;
  model: string | null;
  variant: string | null;
  calls: number;
  credits: number;
  cost_micros: string;
}

/**
 * A month's sums stop changing once every call created in it has settled: calls settle by their
 * deadline (hours), so two days after the month ends is safe. Those months are summed once per
 * pool and kept: the revenue tab then reads only the months still open, instead of every call of
 * six months on each view (bench/README.md, "Admin queries (1,000,000 paid calls)").
 */
const SETTLED_AFTER_MS = 2 * 86_400_000;
const closedMonths = new WeakMap<pg.Pool, Map<string, MarginRow[]>>();

const monthStart = (key: string) => Date.parse(`${key}-01T00:00:00Z`);
const nextMonthStart = (key: string) => {
  const start = new Date(monthStart(key));
  return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
};

/** The rows of the asked months: closed months from the pool's cache, the rest summed now. */
async function monthRows(pool: pg.Pool, keys: string[], to: Date): Promise<MarginRow[]> {
  let cache = closedMonths.get(pool);
  if (!cache) {
    cache = new Map();
    closedMonths.set(pool, cache);
  }
  const missing = keys.filter((key) => !cache.has(key)).sort();
  const first = missing[0];
  const fresh = first
    ? await analyticsQuery<MarginRow>(pool, MARGINS_SQL, [true, new Date(monthStart(first) - 1), to])
    : [];
  for (const key of missing) {
    if (nextMonthStart(key) + SETTLED_AFTER_MS <= to.getTime()) {
      cache.set(
        key,
        fresh.filter((row) => row.date === key),
      );
    }
  }
  return [...keys.flatMap((key) => cache.get(key) ?? []), ...fresh.filter((row) => !cache.has(row.date))];
}

/** Millionths of a dollar to whole cents. */
export const microsToCents = (micros: number) => Math.round(micros / 10_000);

/** A period's margins: per service (all four, zeros included) and per service, model and variant (those with calls). */
export interface PeriodMargins {
  services: ServiceMargin[];
  models: ModelMargin[];
}

/**
 * Margins between `from` (exclusive) and `to` (inclusive), for each of `keys` (UTC months
 * 'YYYY-MM', or '' when not by month): every service in each, zeros included, and each service
 * and model with calls. Upstream cost is rounded to the cent per row, so the models of a service
 * may differ from it by a cent.
 */
export async function serviceMargins(
  pool: pg.Pool,
  options: { from: Date; to: Date; byMonth: boolean; keys: string[] },
): Promise<Map<string, PeriodMargins>> {
  const [rows, [price]] = await Promise.all([
    options.byMonth
      ? monthRows(pool, options.keys, options.to)
      : analyticsQuery<MarginRow>(pool, MARGINS_SQL, [false, options.from, options.to]),
    analyticsQuery<{ cents: string; credits: string }>(pool, CREDIT_PRICE_SQL, [options.to]),
  ]);
  const cents = Number(price?.cents ?? 0);
  const credits = Number(price?.credits ?? 0);
  const earnedOf = (used: number) => (credits === 0 ? 0 : Math.round((used * cents) / credits));
  const figures = (calls: number, kept: number, costMicros: number) => {
    const earned = earnedOf(kept);
    const upstreamCost = microsToCents(costMicros);
    return { calls, credits: kept, earned, upstreamCost, grossMargin: earned - upstreamCost };
  };
  const byKey = new Map<string, PeriodMargins>();
  for (const key of options.keys) {
    const ofKey = rows.filter((row) => row.date === key);
    byKey.set(key, {
      services: SERVICES.map((service) => {
        const ofService = ofKey.filter((row) => row.service === service);
        const sum = (pick: (row: MarginRow) => number) =>
          ofService.reduce((total, row) => total + pick(row), 0);
        return {
          service,
          ...figures(
            sum((row) => row.calls),
            sum((row) => row.credits),
            sum((row) => Number(row.cost_micros)),
          ),
        };
      }),
      models: ofKey
        .map((row) => ({
          service: row.service,
          model: callModelOf(row.model),
          variant: row.variant,
          ...figures(row.calls, row.credits, Number(row.cost_micros)),
        }))
        .sort(byServiceAndModel),
    });
  }
  return byKey;
}
