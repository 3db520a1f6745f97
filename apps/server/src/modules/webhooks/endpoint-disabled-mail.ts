import { ROUTES, WEBHOOK_TEXTS } from '@conduit/contracts';
import type { Services } from '../../platform/services.ts';
import { ownerEmails } from '../workspaces/owner-emails.ts';

/** Tells the workspace's owners that its endpoint was switched off, and where to see what it missed. */
export async function mailEndpointDisabled(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  workspaceId: string,
  url: string,
) {
  const { emails } = await ownerEmails(services, workspaceId);
  for (const to of emails) {
    await services.mailer.send({
      to,
      subject: WEBHOOK_TEXTS.disabledMailSubject,
      heading: WEBHOOK_TEXTS.disabledMailHeading,
      paragraphs: [WEBHOOK_TEXTS.disabledMailBody(url)],
      action: {
        label: WEBHOOK_TEXTS.disabledMailAction,
        url: `${services.config.PUBLIC_URL}${ROUTES.appWebhooks}`,
      },
    });
  }
}
