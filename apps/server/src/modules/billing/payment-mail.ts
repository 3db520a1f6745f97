import { BILLING_TEXTS, ROUTES } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { DbOrTx } from '../../platform/database.ts';
import { jobsDbOf } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';
import { users } from '../auth/schema.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { methodOf } from '../payments/receipts.ts';
import { type PaymentRow, payments } from '../payments/schema.ts';
import { BILLING_CONTACTS_SQL } from '../workspaces/billing-contacts.ts';

export const PAYMENT_MAIL_QUEUE = 'payment-mail';

/** pg-boss retries a mail that could not be sent with exponential back-off for about a day. */
const MAIL_RETRIES = { retryLimit: 12, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600 };

/** One mail to one billing contact about one payment: a retry never mails the others again. */
export interface PaymentMailJob {
  kind: 'receipt' | 'declined';
  paymentId: string;
  userId: string;
}

/**
 * Queues a receipt (a credited payment) or a decline notice (a declined auto top-up) to each of
 * the workspace's billing contacts, in the caller's transaction: the transaction that credits the
 * payment, or records its decline, happens once however many webhooks and verify calls race, so
 * the mails exist exactly when it commits. The singleton key makes a repeat a no-op besides.
 */
export async function queuePaymentMails(
  tx: DbOrTx,
  jobs: PgBoss,
  kind: PaymentMailJob['kind'],
  payment: Pick<PaymentRow, 'id' | 'workspaceId'>,
) {
  const db = jobsDbOf(tx);
  const { rows } = await db.executeSql(BILLING_CONTACTS_SQL, [[payment.workspaceId]]);
  for (const { user_id: userId } of rows as { user_id: string }[]) {
    await jobs.send(PAYMENT_MAIL_QUEUE, { kind, paymentId: payment.id, userId } satisfies PaymentMailJob, {
      ...MAIL_RETRIES,
      singletonKey: `${kind}:${payment.id}:${userId}`,
      db,
    });
  }
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** The mail of one job, from the payment as it is now (a receipt's details are frozen on the row). */
export function toPaymentMail(
  job: PaymentMailJob,
  payment: PaymentRow,
  to: string,
  context: { publicUrl: string; teamName: string | null },
): MailMessage {
  const amount = money(payment.amountCents, payment.currency);
  const credits = `${payment.credits.toLocaleString('en-US')} credits`;
  const card = methodOf(payment) ?? 'your card';
  const where = context.teamName ? `the team ${context.teamName}` : 'your account';
  const what = payment.kind === 'auto_topup' ? 'auto top-up' : 'purchase';
  if (job.kind === 'declined') {
    return {
      to,
      subject: `Auto top-up declined: ${amount} for ${credits}`,
      heading: 'An auto top-up was declined',
      paragraphs: [
        `Auto top-up tried to charge ${amount} to ${card} for ${credits} (${payment.package} pack) for ${where}, and the charge was declined.`,
        `The card provider said: ${payment.failureMessage ?? BILLING_TEXTS.declined}`,
        'It tries again later; after three declines in a row it turns itself off. Check the card, or replace it on the Credits page.',
      ],
      action: { label: 'Open credits', url: `${context.publicUrl}${ROUTES.appCredits}` },
      footnote: `Sent to the billing contacts of ${where}. Reference ${payment.id}.`,
    };
  }
  return {
    to,
    subject: `Receipt: ${amount} for ${credits}`,
    heading: `Your receipt for ${credits}`,
    paragraphs: [
      `Thank you: ${amount} was charged to ${card} for ${credits} (${payment.package} pack, ${what}) for ${where}.`,
      `Paid ${payment.paidAt?.toISOString().slice(0, 10) ?? ''}. Receipt ${payment.id}.`,
    ],
    action: { label: 'View the receipt', url: `${context.publicUrl}${ROUTES.appReceipts}/${payment.id}` },
    footnote: `Sent to the billing contacts of ${where}. The receipt page offers a PDF.`,
  };
}

/** Sends the job's one mail; a deleted account gets none. A send failure throws, so pg-boss retries. */
export async function deliverPaymentMail(
  services: Pick<Services, 'db' | 'mailer' | 'config' | 'log'>,
  job: PaymentMailJob,
) {
  const [row] = await services.db
    .select({ payment: payments, kind: workspaces.kind, name: workspaces.name })
    .from(payments)
    .innerJoin(workspaces, eq(workspaces.id, payments.workspaceId))
    .where(eq(payments.id, job.paymentId));
  const [user] = await services.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, job.userId), isNull(users.deletedAt)));
  if (!row || !user) return services.log.warn({ job }, 'payment mail not sent: no payment or recipient');
  await services.mailer.send(
    toPaymentMail(job, row.payment, user.email, {
      publicUrl: services.config.PUBLIC_URL,
      teamName: row.kind === 'team' ? row.name : null,
    }),
  );
}

/** Makes sure the queue exists; worker processes (ROLE worker or all) also send from it. */
export async function startPaymentMailWorker(services: Services) {
  await services.jobs.createQueue(PAYMENT_MAIL_QUEUE);
  if (services.config.ROLE === 'api') return;
  await services.jobs.work<PaymentMailJob>(
    PAYMENT_MAIL_QUEUE,
    { localConcurrency: 2, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await deliverPaymentMail(services, job.data);
    },
  );
}
