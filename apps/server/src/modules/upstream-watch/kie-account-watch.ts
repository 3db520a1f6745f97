import type { Services } from '../../platform/services.ts';
import { recordKieBalance, restoreKieAccount } from '../channels/kie-account-store.ts';
import type { KieAccount } from '../engines/kie-accounts.ts';
import { lowerUpstreamAlert, recordUpstreamReading, type UpstreamReading } from './upstream-alerts.ts';

type WatchServices = Pick<Services, 'db' | 'pool' | 'jobs' | 'config' | 'log'>;

/** The alert raised while a kie.ai account is set aside (one per account). */
export const kieAccountAlertId = (accountId: string) => `kie:account:${accountId}`;

/**
 * An account of kie's pool was set aside (engines/kie-engine.ts): the admins are told as of any
 * upstream alert, one mail per crossing however many processes saw it.
 */
export function alertKieAccountSetAside(services: WatchServices, account: KieAccount, reason: string): void {
  recordUpstreamReading(services, {
    id: kieAccountAlertId(account.id),
    upstream: 'kie.ai',
    isProblem: true,
    reason: `${reason}; it takes no new tasks while the other accounts serve`,
  }).catch((error) =>
    services.log.error({ err: error, account: account.id }, 'could not alert a kie account set aside'),
  );
}

/** Lowers an account's set-aside alert: it serves again (`why`: the admin, or its credits read). */
export async function lowerKieAccountAlert(
  services: Pick<WatchServices, 'db' | 'pool'>,
  accountId: string,
  why: string,
) {
  await lowerUpstreamAlert(services, {
    id: kieAccountAlertId(accountId),
    upstream: 'kie.ai',
    isProblem: false,
    reason: `kie.ai account ${accountId} serves again: ${why}`,
  });
}

/** A key refused (401) or credits run out (402) show in the credit read; a sub-key's limit (433) does not. */
const RESTORED_BY_A_READING = [401, 402];

/**
 * After the balance watch's readings: each account's credits are kept for the Channels tab, and an
 * account set aside for a refused key or no credits comes back once its credits read at or above
 * `below` (KIE_LOW_BALANCE_CREDITS): the key works and there is something to spend.
 */
export async function watchKieAccounts(services: WatchServices, readings: UpstreamReading[], below: number) {
  for (const reading of readings) {
    if (!reading.kieAccount || typeof reading.value !== 'number') continue;
    await recordKieBalance(services.pool, reading.kieAccount, reading.value);
    if (reading.value < below) continue;
    if (await restoreKieAccount(services.pool, reading.kieAccount, RESTORED_BY_A_READING)) {
      services.log.warn({ account: reading.kieAccount }, 'kie.ai account back in service');
      await lowerKieAccountAlert(services, reading.kieAccount, `${reading.value} credits read`);
    }
  }
}
