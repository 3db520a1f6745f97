import { ALERT_TEXTS, type BurnRate, burnRateText, ROUTES } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Services } from '../../platform/services.ts';
import { users } from '../auth/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { JobsDb } from './claim-crossings.ts';

/** pg-boss retries a mail that could not be sent with exponential back-off for about a day. */
const MAIL_RETRIES = { retryLimit: 12, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600 };

export const ALERT_MAIL_QUEUE = 'balance-alert-mail';

/** One mail to one person about one crossing: a retry never mails the others again. */
export interface AlertMailJob {
  userId: string;
  /** A team's name; null for a personal workspace. */
  teamName: string | null;
  threshold: number;
  balance: number;
  burnRate: BurnRate;
}

/** Queued in the claim's transaction (`db`); `key` (alert, firing, person) makes a repeat a no-op. */
export async function queueAlertMail(jobs: PgBoss, job: AlertMailJob, key: string, db: JobsDb) {
  await jobs.send(ALERT_MAIL_QUEUE, job, { ...MAIL_RETRIES, singletonKey: key, db });
}

export function toAlertMail(job: AlertMailJob, to: string, publicUrl: string): MailMessage {
  const workspace = job.teamName === null ? 'Your account' : `The team "${job.teamName}"`;
  return {
    to,
    subject: ALERT_TEXTS.mailSubject(job.threshold),
    heading: ALERT_TEXTS.mailHeading,
    paragraphs: [ALERT_TEXTS.mailBalance(workspace, job.balance, job.threshold), burnRateText(job.burnRate)],
    action: { label: ALERT_TEXTS.mailAction, url: `${publicUrl}${ROUTES.appCredits}` },
    footnote: ALERT_TEXTS.mailFootnote,
  };
}

/** Sends the job's one mail to the person's address now; a deleted account gets none. */
export async function deliverAlertMail(
  services: Pick<Services, 'db' | 'mailer' | 'config' | 'log'>,
  job: AlertMailJob,
) {
  const [user] = await services.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, job.userId), isNull(users.deletedAt)));
  if (!user) return services.log.warn({ userId: job.userId }, 'balance alert not mailed: no recipient');
  await services.mailer.send(toAlertMail(job, user.email, services.config.PUBLIC_URL));
}
