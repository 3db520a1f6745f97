import { ROUTES } from '@conduit/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Services } from '../../platform/services.ts';
import { claimCrossings } from '../alerts/claim-crossings.ts';
import { users } from '../auth/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { type UpstreamAlertRow, upstreamAlerts } from './schema.ts';

export const UPSTREAM_ALERT_QUEUE = 'upstream-alert-mail';
/** A mail that fails is retried with back-off for about half a day. */
const MAIL_RETRIES = { retryLimit: 12, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600 };

/** One mail to one admin address about one raise: a retry never mails the others again. */
export interface UpstreamAlertMailJob {
  to: string;
  alertId: string;
  reason: string;
}

export interface UpstreamReading {
  id: string;
  upstream: string;
  /** The reading is a problem (a balance below its threshold, an actor missing). */
  isProblem: boolean;
  reason: string;
  value?: number | null;
  /** The kie.ai account read (its id), for a kie balance. */
  kieAccount?: string;
}

type WatchServices = Pick<Services, 'db' | 'pool' | 'jobs' | 'config' | 'log'>;

/** Who hears of upstream trouble: every admin account, and the addresses in ADMIN_EMAILS. */
async function adminAddresses(services: WatchServices): Promise<string[]> {
  const rows = await services.db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'super_admin']), isNull(users.deletedAt)));
  return [...new Set([...rows.map((row) => row.email), ...services.config.ADMIN_EMAILS])].sort();
}

/** Keeps the reading's words and value on its row (made at its first reading). */
async function writeReading(services: Pick<WatchServices, 'pool'>, reading: UpstreamReading) {
  await services.pool.query(
    `insert into upstream_alerts (id, upstream, reason, value, checked_at) values ($1, $2, $3, $4, now())
     on conflict (id) do update set reason = excluded.reason, value = excluded.value, checked_at = now()`,
    [reading.id, reading.upstream, reading.reason, reading.value ?? null],
  );
}

/** Records a reading without the problem: its alert is lowered (no mail). */
export async function lowerUpstreamAlert(
  services: Pick<WatchServices, 'db' | 'pool'>,
  reading: UpstreamReading,
) {
  await writeReading(services, reading);
  await services.db
    .update(upstreamAlerts)
    .set({ isRaised: false, raisedAt: null })
    .where(and(eq(upstreamAlerts.id, reading.id), eq(upstreamAlerts.isRaised, true)));
}

/**
 * Records a reading. A problem raises the alert; the one caller whose UPDATE flips it from
 * lowered to raised queues the admins' mails in the same transaction, so each crossing mails
 * once however many processes read at the same time. A reading without the problem lowers it.
 * Answers true when this call raised it.
 */
export async function recordUpstreamReading(
  services: WatchServices,
  reading: UpstreamReading,
): Promise<boolean> {
  if (!reading.isProblem) {
    await lowerUpstreamAlert(services, reading);
    return false;
  }
  await writeReading(services, reading);
  const to = await adminAddresses(services);
  const raised = await claimCrossings<{ raised_at: Date }>(
    services.pool,
    {
      text: `update upstream_alerts set is_raised = true, raised_at = now()
              where id = $1 and not is_raised returning raised_at`,
      values: [reading.id],
    },
    async ([row], tx) => {
      for (const address of to) {
        const job: UpstreamAlertMailJob = { to: address, alertId: reading.id, reason: reading.reason };
        await services.jobs.send(UPSTREAM_ALERT_QUEUE, job, {
          ...MAIL_RETRIES,
          singletonKey: `${reading.id}:${row?.raised_at.toISOString()}:${address}`,
          db: tx.jobsDb,
        });
      }
    },
  );
  if (raised.length > 0)
    services.log.error({ alert: reading.id, reason: reading.reason }, 'upstream alert raised');
  return raised.length > 0;
}

export async function raisedUpstreamAlerts(db: Services['db']): Promise<UpstreamAlertRow[]> {
  return db.select().from(upstreamAlerts).where(eq(upstreamAlerts.isRaised, true)).orderBy(upstreamAlerts.id);
}

export function toUpstreamAlertMail(job: UpstreamAlertMailJob, publicUrl: string): MailMessage {
  return {
    to: job.to,
    subject: `Upstream alert: ${job.reason}`,
    heading: 'An upstream needs attention',
    paragraphs: [
      job.reason,
      'Paid calls that need this upstream may fail (and be refunded) until it is dealt with.',
    ],
    action: { label: 'Open the admin health page', url: `${publicUrl}${ROUTES.admin}` },
    footnote: 'You get this mail once each time the problem starts; the health page shows it while it lasts.',
  };
}

/** Makes sure the queue exists; worker processes (ROLE worker or all) also send from it. */
export async function startUpstreamAlertMail(services: Pick<Services, 'jobs' | 'config' | 'mailer'>) {
  await services.jobs.createQueue(UPSTREAM_ALERT_QUEUE);
  if (services.config.ROLE === 'api') return;
  await services.jobs.work<UpstreamAlertMailJob>(
    UPSTREAM_ALERT_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await services.mailer.send(toUpstreamAlertMail(job.data, services.config.PUBLIC_URL));
    },
  );
}
