import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  httpRequests: Counter<'method' | 'route' | 'status_class'>;
  /** Credits taken by paid calls (Idempotency-Key replays are not charged, so not counted). */
  creditsDebited: Counter<'service'>;
  /** Credits given back for failed tasks, counted by the process whose settle won. */
  creditsRefunded: Counter<'service'>;
  tasksSettled: Counter<'service' | 'status'>;
  /** Customer webhook delivery attempts; a failed one is retried by pg-boss with back-off. */
  webhookDeliveries: Counter<'outcome'>;
  /** Each upstream call a channel made (start, poll, scrape), by how it ended. */
  upstreamDuration: Histogram<'channel' | 'operation' | 'outcome'>;
  /** Upstream calls that did not answer with work done: `rejected` (the request refused) or `unavailable`. */
  upstreamErrors: Counter<'channel' | 'operation' | 'reason'>;
  /** Result store operations (put, stat, read, delete) by store kind and outcome. */
  storeOperations: Counter<'store' | 'operation' | 'outcome'>;
  storeDuration: Histogram<'store' | 'operation'>;
  /** Public API requests the request log could not keep (its buffer full, or the database refused a batch). */
  requestLogDropped: Counter;
  /** Every request of the last 5 minutes: the admin figures' response time and error rate. */
  recentRequests: RollingWindow;
  /** Requests to the inbound webhook routes of the last 24 hours (failures are worth a look). */
  inboundWebhooks: RollingWindow;
}

export const RECENT_REQUESTS_WINDOW_MS = 5 * 60_000;
export const INBOUND_WEBHOOKS_WINDOW_MS = 24 * 60 * 60_000;
/** Routes that providers call us on; an error answer there means an event may be lost until retried. */
export const INBOUND_WEBHOOK_ROUTES: ReadonlySet<string> = new Set(['/api/payments/webhook']);

export interface WindowSummary {
  requests: number;
  /** Requests whose answer counted as an error when recorded. */
  errors: number;
  /** Mean duration in milliseconds; 0 without requests. */
  meanMs: number;
}

export interface RollingWindow {
  record(atMs: number, durationMs: number, isError: boolean): void;
  summary(nowMs: number): WindowSummary;
}

/**
 * Counts, total duration and errors of the last `windowMs`, in fixed buckets: constant memory
 * and constant work per request whatever the traffic. A bucket older than the window is reused
 * (and reset) by the time it would be read again, so the sum covers the window to one bucket.
 */
export function createRollingWindow(windowMs: number, bucketMs: number): RollingWindow {
  const size = Math.ceil(windowMs / bucketMs);
  const slots = Array.from({ length: size }, () => ({ bucket: -1, requests: 0, errors: 0, totalMs: 0 }));
  return {
    record(atMs, durationMs, isError) {
      const bucket = Math.floor(atMs / bucketMs);
      const slot = slots[bucket % size] as (typeof slots)[number];
      if (slot.bucket !== bucket) {
        if (slot.bucket > bucket) return; // a late record for a bucket already recycled
        slot.bucket = bucket;
        slot.requests = 0;
        slot.errors = 0;
        slot.totalMs = 0;
      }
      slot.requests += 1;
      slot.totalMs += durationMs;
      if (isError) slot.errors += 1;
    },
    summary(nowMs) {
      const current = Math.floor(nowMs / bucketMs);
      let requests = 0;
      let errors = 0;
      let totalMs = 0;
      for (const slot of slots) {
        if (slot.bucket <= current - size || slot.bucket > current) continue;
        requests += slot.requests;
        errors += slot.errors;
        totalMs += slot.totalMs;
      }
      return { requests, errors, meanMs: requests === 0 ? 0 : totalMs / requests };
    },
  };
}

/**
 * Request latency buckets, 1 ms to 5 minutes: the sync endpoints wait up to 150 s (video up to
 * 180 s with its lease), so the top buckets still tell a slow wait from a stuck one.
 */
export const LATENCY_BUCKETS_S = [
  0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 90, 120, 150, 180, 300,
];
/** Upstream calls: a poll takes milliseconds, a LinkedIn scrape up to minutes. */
const UPSTREAM_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 180];
/** Result store operations: a memory hit to a large upload to S3. */
const STORE_BUCKETS_S = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** One registry per process, with Node's default metrics and the HTTP request metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'conduit_http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS_S,
      registers: [registry],
    }),
    httpRequests: new Counter({
      name: 'conduit_http_requests_total',
      help: 'HTTP requests by route and status class (2xx, 4xx, 5xx)',
      labelNames: ['method', 'route', 'status_class'],
      registers: [registry],
    }),
    creditsDebited: new Counter({
      name: 'conduit_credits_debited_total',
      help: 'Credits debited by paid calls, by service',
      labelNames: ['service'],
      registers: [registry],
    }),
    creditsRefunded: new Counter({
      name: 'conduit_credits_refunded_total',
      help: 'Credits refunded for failed tasks, by service',
      labelNames: ['service'],
      registers: [registry],
    }),
    tasksSettled: new Counter({
      name: 'conduit_tasks_settled_total',
      help: 'Tasks settled by this process, by service and final status (completed, failed)',
      labelNames: ['service', 'status'],
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'conduit_webhook_deliveries_total',
      help: 'Customer webhook delivery attempts by outcome (delivered, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: 'conduit_upstream_request_duration_seconds',
      help: 'Upstream calls by channel, operation (start, poll, scrape) and outcome (ok, rejected, unavailable)',
      labelNames: ['channel', 'operation', 'outcome'],
      buckets: UPSTREAM_BUCKETS_S,
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'conduit_upstream_errors_total',
      help: 'Upstream calls that failed, by channel, operation and reason (rejected, unavailable)',
      labelNames: ['channel', 'operation', 'reason'],
      registers: [registry],
    }),
    storeOperations: new Counter({
      name: 'conduit_result_store_operations_total',
      help: 'Result store operations by store (fs, s3), operation (put, stat, read, delete) and outcome (ok, missing, error)',
      labelNames: ['store', 'operation', 'outcome'],
      registers: [registry],
    }),
    storeDuration: new Histogram({
      name: 'conduit_result_store_duration_seconds',
      help: 'Result store operation latency by store and operation',
      labelNames: ['store', 'operation'],
      buckets: STORE_BUCKETS_S,
      registers: [registry],
    }),
    requestLogDropped: new Counter({
      name: 'conduit_request_log_dropped_total',
      help: 'Public API requests not recorded in the request log (buffer full or write failed)',
      registers: [registry],
    }),
    recentRequests: createRollingWindow(RECENT_REQUESTS_WINDOW_MS, 1_000),
    inboundWebhooks: createRollingWindow(INBOUND_WEBHOOKS_WINDOW_MS, 60_000),
  };
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the raw URL, keeps label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    metrics.httpRequests.inc({
      method: request.method,
      route,
      status_class: `${Math.floor(status / 100)}xx`,
    });
    const now = Date.now();
    metrics.recentRequests.record(now, reply.elapsedTime, status >= 500);
    if (INBOUND_WEBHOOK_ROUTES.has(route))
      metrics.inboundWebhooks.record(now, reply.elapsedTime, status >= 400);
  });
}
