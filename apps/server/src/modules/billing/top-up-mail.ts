import { AUTO_TOP_UP_MAX_FAILURES, BILLING_TEXTS, ROUTES } from '@conduit/contracts';
import type { PaymentRow } from '../payments/schema.ts';
import { ownerEmails } from '../workspaces/owner-emails.ts';
import type { TopUpServices } from './top-up-outcome.ts';

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
