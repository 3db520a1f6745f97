import { SUPPORT_MESSAGES_PER_HOUR, SUPPORT_TEXTS, type SupportMessageBody } from '@conduit/contracts';
import { newId } from '../../platform/ids.ts';
import type { Limiter } from '../../platform/rate-limiter.ts';
import { createLimiter } from '../../platform/rate-limiter.ts';
import type { Services } from '../../platform/services.ts';
import { supportTickets } from './schema.ts';
import { supportAddress } from './support-contact.ts';
import type { SupportContext } from './support-context.ts';
import { queueSupportMail } from './support-mail.ts';

/** SUPPORT_MESSAGES_PER_HOUR per account, across processes when Redis is configured. */
export function createSupportLimiter(services: Pick<Services, 'redis' | 'config'>): Limiter {
  return createLimiter(
    { redis: services.redis, prefix: services.config.REDIS_PREFIX },
    { keyPrefix: 'support-message', points: SUPPORT_MESSAGES_PER_HOUR, durationS: 3600 },
    `You can send ${SUPPORT_MESSAGES_PER_HOUR} support messages per hour. Please try again later or email us at ${supportAddress(services.config)}.`,
  );
}

/**
 * Stores the signed-in user's message, then queues the mail to support (with the user's id and
 * address, Reply-To the user) and the receipt to the user. The ticket is the record: admins read
 * it in the Support tab even while the mail is still being retried.
 */
export async function sendSupportMessage(
  ctx: SupportContext,
  user: { id: string; email: string },
  input: SupportMessageBody,
) {
  await ctx.limiter.consume(user.id);
  const [ticket] = await ctx.db
    .insert(supportTickets)
    .values({
      id: newId('tkt'),
      userId: user.id,
      email: user.email,
      subject: input.subject,
      message: input.message,
      // Millisecond times from the clock keep the list's (created_at, id) cursor exact.
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!ticket) throw new Error('support ticket insert returned no row');
  for (const kind of ['to-support', 'receipt'] as const) {
    await queueSupportMail(ctx.jobs, { kind, ticketId: ticket.id }).catch((error) =>
      ctx.log.error({ err: error, ticketId: ticket.id, kind }, 'could not queue the support mail'),
    );
  }
  ctx.log.info({ ticketId: ticket.id, userId: user.id }, 'support message stored');
  return { id: ticket.id, message: SUPPORT_TEXTS.sent };
}
