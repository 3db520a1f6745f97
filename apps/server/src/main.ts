import { answerClusterMetrics } from './platform/cluster-metrics.ts';
import { ConfigError, parseConfig } from './platform/config.ts';
import { stopAccepting } from './platform/graceful-stop.ts';
import { createLogger } from './platform/logger.ts';
import { startRuntime } from './platform/runtime.ts';

function loadConfig() {
  try {
    return parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
const log = createLogger(config);
const runtime = await startRuntime(config, log).catch((error) => {
  // A store that cannot be reached is told like a bad variable: one line, then exit 1.
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else log.fatal({ err: error }, 'start failed');
  process.exit(1);
});

answerClusterMetrics(runtime.services.metrics.registry);

/**
 * Ctrl-C is a person at a terminal, not a load balancer: no drain, open connections cut at once,
 * and the whole stop bounded well inside 5 s (what is unfinished by then is cut; the embedded
 * database still stops). SIGTERM drains and waits up to SHUTDOWN_TIMEOUT_MS.
 */
const INTERRUPT_STOP_MS = 4_000;
const INTERRUPT_CONNECTION_GRACE_MS = 200;

let isStopping = false;
async function shutdown(signal: 'SIGTERM' | 'SIGINT') {
  const isInterrupt = signal === 'SIGINT';
  // A second Ctrl-C means now.
  if (isStopping && isInterrupt) process.exit(130);
  if (isStopping) return;
  isStopping = true;
  log.info({ signal }, 'shutting down: finishing in-flight requests');
  const budgetMs = isInterrupt
    ? Math.min(INTERRUPT_STOP_MS, config.SHUTDOWN_TIMEOUT_MS)
    : config.SHUTDOWN_TIMEOUT_MS;
  const deadline = setTimeout(() => {
    log.error({ budgetMs }, 'shutdown took too long, exiting');
    process.exit(1);
  }, budgetMs);
  deadline.unref();
  runtime.services.lifecycle.isDraining = true;
  if (config.SHUTDOWN_DRAIN_MS > 0 && !isInterrupt) {
    log.info({ drainMs: config.SHUTDOWN_DRAIN_MS }, 'draining: /readyz answers 503 while still serving');
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
  }
  await stopAccepting(
    runtime.app.server,
    runtime.services.lifecycle,
    isInterrupt ? INTERRUPT_CONNECTION_GRACE_MS : undefined,
  );
  // Ctrl-C cuts what is still open, a request stuck half-sent included, so the stop below does not
  // wait on a client until the deadline.
  if (isInterrupt) runtime.app.server.closeAllConnections();
  await runtime.stop();
  log.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await runtime.app.listen({ port: config.PORT, host: config.HOST }).catch(async (error) => {
  log.fatal({ err: error }, 'could not listen');
  await runtime.stop();
  process.exit(1);
});
log.info(
  {
    url: config.PUBLIC_URL,
    role: config.ROLE,
    database: runtime.database.isEmbedded ? 'embedded' : 'external',
  },
  'Conduit is ready',
);
