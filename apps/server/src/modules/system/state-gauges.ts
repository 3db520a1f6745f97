import { Gauge } from 'prom-client';
import type { Services } from '../../platform/services.ts';

/*
 * Both counts come from the partial index of processing tasks (tasks_processing_idx), so a
 * scrape costs one index-only scan of the unsettled tasks, however many settled ones exist.
 */
const TASK_STATES_SQL = `
select count(*) filter (where next_check_at <= now())::int as due,
       count(*) filter (where next_check_at > now())::int as waiting
  from tasks where status = 'processing'`;

/**
 * Gauges read from the database when /metrics is scraped: the unsettled tasks and the pg-boss
 * queues. Every process reads the same rows, so the cluster's aggregated metrics take the
 * maximum across processes instead of summing copies.
 */
export function registerStateGauges(services: Pick<Services, 'pool' | 'jobs' | 'metrics' | 'log'>) {
  const registers = [services.metrics.registry];
  new Gauge({
    name: 'conduit_tasks',
    help: 'Unsettled tasks: due (waiting for a worker) and waiting (upstream running or step leased)',
    labelNames: ['state'],
    aggregator: 'max',
    registers,
    async collect() {
      const { rows } = await services.pool.query(TASK_STATES_SQL);
      const row = rows[0] as { due: number; waiting: number };
      this.set({ state: 'due' }, row.due);
      this.set({ state: 'waiting' }, row.waiting);
    },
  });
  // Each process has its own pool: the cluster's figures add them up.
  new Gauge({
    name: 'conduit_db_pool_connections',
    help: "This process's PostgreSQL pool: connections open (total), idle, and requests waiting for one; max is the pool's size",
    labelNames: ['state'],
    aggregator: 'sum',
    registers,
    collect() {
      const { pool } = services;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'conduit_jobs',
    help: 'pg-boss jobs by queue and state (queued, active, failed and retained)',
    labelNames: ['queue', 'state'],
    aggregator: 'max',
    registers,
    async collect() {
      const queues = await services.jobs.getQueues();
      for (const queue of queues) {
        this.set({ queue: queue.name, state: 'queued' }, queue.queuedCount);
        this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
        this.set({ queue: queue.name, state: 'failed' }, queue.failedCount);
      }
    },
  });
}
