import type { Services } from '../../platform/services.ts';
import { ALERT_MAIL_QUEUE, type AlertMailJob, deliverAlertMail } from './alert-mail.ts';
import { scanBalanceAlerts } from './scan-alerts.ts';

export interface AlertScanner {
  stop(): Promise<void>;
}

/**
 * Makes sure the alert mail queue exists; worker processes (ROLE worker or all) also send from it
 * and scan for crossings every BALANCE_ALERTS_INTERVAL_S seconds. Nothing runs on the paid-call
 * path: the scan reads only armed alerts, so workspaces without alerts cost nothing.
 */
export async function startBalanceAlerts(services: Services): Promise<AlertScanner | undefined> {
  await services.jobs.createQueue(ALERT_MAIL_QUEUE);
  if (services.config.ROLE === 'api') return undefined;
  await services.jobs.work<AlertMailJob>(
    ALERT_MAIL_QUEUE,
    { localConcurrency: 2, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await deliverAlertMail(services, job.data);
    },
  );

  const intervalMs = services.config.BALANCE_ALERTS_INTERVAL_S * 1000;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running = scanBalanceAlerts(services)
      .then((fired) => {
        if (fired > 0) services.log.info({ fired }, 'low-balance alerts fired');
      })
      .catch((error) => services.log.error({ err: error }, 'low-balance alert scan failed'))
      .finally(() => {
        running = undefined;
        if (!isStopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
