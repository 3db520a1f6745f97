import type { Metrics } from '../../platform/metrics.ts';
import type { ResultStore } from './result-store.ts';

type Operation = 'put' | 'stat' | 'read' | 'delete';

/**
 * The store, counted: each operation's latency and outcome (`ok`, `missing` for a stat or read
 * of a file that is not there, `error` when the store failed), so a slow or failing bucket shows
 * in the metrics before it shows in the answers.
 */
export function withStoreMetrics(
  store: ResultStore,
  metrics: Pick<Metrics, 'storeOperations' | 'storeDuration'>,
) {
  const timed = async <T>(operation: Operation, run: () => Promise<T>): Promise<T> => {
    const labels = { store: store.kind, operation };
    const stop = metrics.storeDuration.startTimer(labels);
    try {
      const value = await run();
      metrics.storeOperations.inc({
        ...labels,
        outcome: value === undefined && operation !== 'delete' && operation !== 'put' ? 'missing' : 'ok',
      });
      return value;
    } catch (error) {
      metrics.storeOperations.inc({ ...labels, outcome: 'error' });
      throw error;
    } finally {
      stop();
    }
  };
  const counted: ResultStore = {
    kind: store.kind,
    put: (key, body, contentType) => timed('put', () => store.put(key, body, contentType)),
    stat: (key) => timed('stat', () => store.stat(key)),
    read: (key, range) => timed('read', () => store.read(key, range)),
    deleteTask: (taskId) => timed('delete', () => store.deleteTask(taskId)),
    check: () => store.check(),
    close: () => store.close(),
  };
  return counted;
}
