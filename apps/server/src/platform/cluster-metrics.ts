import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * In a process started by `npm run cluster`, answers the primary's requests for this process's
 * metrics, so the primary can serve all processes' metrics summed on one port
 * (CLUSTER_METRICS_PORT): API processes share one listening port, so a scrape of /metrics there
 * would reach a random process.
 */
export function answerClusterMetrics(registry: Registry) {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([registry]);
  // Constructing an aggregator is what installs prom-client's IPC listener in a cluster worker.
  new AggregatorRegistry();
}
