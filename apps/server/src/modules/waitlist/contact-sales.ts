import {
  CONTACT_SALES_TEXTS,
  ContactSalesBody,
  type ContactSalesResponse,
  DEFAULT_SUPPORT_EMAIL,
  PRODUCT_NAME,
} from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { salesContacts } from './schema.ts';
import type { WaitlistContext } from './waitlist-context.ts';

/** Where sales messages go: SALES_EMAIL, else SUPPORT_EMAIL, else the product's support address. */
export const salesAddressOf = (config: WaitlistContext['config']) =>
  config.SALES_EMAIL ?? config.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL;

/**
 * Stores a Contact Sales message, mails it to sales (reply-to the sender's address in the text)
 * and acknowledges it to the sender with the 24-hour reply promise. The message is kept even when
 * a mail fails, so nothing is lost.
 */
export async function contactSales(
  ctx: WaitlistContext,
  body: unknown,
  ip: string | undefined,
): Promise<ContactSalesResponse> {
  const parsed = ContactSalesBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationFailed(
      issue?.message ?? CONTACT_SALES_TEXTS.failed,
      String(issue?.path[0] ?? 'body'),
    );
  }
  const contact = parsed.data;
  const id = newId('sales');
  await ctx.db.insert(salesContacts).values({ id, ...contact, ip: ip ?? null, createdAt: ctx.clock.now() });

  const mails = [
    ctx.mailer.send({
      to: salesAddressOf(ctx.config),
      subject: `Sales enquiry from ${contact.name} (${contact.company})`,
      heading: 'New Contact Sales message',
      paragraphs: [
        `Name: ${contact.name}`,
        `Email: ${contact.email}`,
        `Company: ${contact.company}`,
        contact.message,
        `Reference: ${id}. Please reply to the sender within 24 hours.`,
      ],
    }),
    ctx.mailer.send({
      to: contact.email,
      subject: `We received your message - ${PRODUCT_NAME} sales`,
      heading: `Thanks for contacting ${PRODUCT_NAME}`,
      // Nothing the sender typed is echoed: the form must not relay text to any address it is given.
      paragraphs: ['We have your message, and a member of our sales team will reply within 24 hours.'],
      footnote: `Reference ${id}. You receive this mail because this address was entered in the ${PRODUCT_NAME} Contact Sales form.`,
    }),
  ];
  for (const result of await Promise.allSettled(mails)) {
    if (result.status === 'rejected')
      ctx.log.error({ err: result.reason, contactId: id }, 'sales mail failed');
  }
  return { ok: true, message: CONTACT_SALES_TEXTS.sent };
}
