import { AUTO_TOP_UP_MAX_FAILURES, BILLING_TEXTS, ROUTES } from '@conduit/contracts';
import { and, eq } from 'drizzle-orm';
import { users } from '../auth/schema.ts';
import type { PaymentRow } from '../payments/schema.ts';
import { workspaceMembers, workspaces } from '../workspaces/schema.ts';
import type { TopUpServices } from './top-up-outcome.ts';

/** Who owns the workspace: a personal workspace's account, or a team's owners. */
export async function ownerEmails(services: Pick<TopUpServices, 'db'>, workspaceId: string) {
  const [workspace] = await services.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) return { name: null, emails: [] as string[] };
  const rows =
    workspace.kind === 'personal'
      ? await services.db.select({ email: users.email }).from(users).where(eq(users.id, workspaceId))
      : await services.db
          .select({ email: users.email })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
  return { name: workspace.kind === 'team' ? workspace.name : null, emails: rows.map((row) => row.email) };
}

/** Tells the owners that three declined charges in a row turned auto top-up off. */
export async function mailTopUpTurnedOff(services: TopUpServices, payment: PaymentRow) {
  const { name, emails } = await ownerEmails(services, payment.workspaceId);
  const where = name ? `the team ${name}` : 'your account';
  for (const to of emails) {
    await services.mailer.send({
      to,
      subject: 'Auto top-up was turned off',
      heading: 'Auto top-up was turned off',
      paragraphs: [
        `${BILLING_TEXTS.turnedOffAfterFailures} It will not buy credits for ${where} until it is turned on again.`,
        `The last charge said: ${payment.failureMessage ?? BILLING_TEXTS.declined}`,
        `Check the saved card or save a new one with your next purchase, then turn auto top-up on again. Calls stop when the balance runs out.`,
      ],
      action: { label: 'Open credits', url: `${services.config.PUBLIC_URL}${ROUTES.appCredits}` },
      footnote: `Sent to the owners of ${where} after ${AUTO_TOP_UP_MAX_FAILURES} declined charges in a row.`,
    });
  }
}
