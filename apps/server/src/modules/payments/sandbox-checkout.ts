import {
  BILLING_TEXTS,
  CREDIT_PACKAGES,
  type CreditPackageName,
  PAYMENT_MESSAGES,
  SANDBOX_DEFAULT_CARD,
  type SandboxCheckout,
} from '@conduit/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { BadRequest, Conflict, NotFound } from '../../platform/errors.ts';
import { users } from '../auth/schema.ts';
import { creditsUrl, findOwnPayment, type PaymentsContext, successUrl } from './checkout.ts';
import { sandboxPaymentMethodId } from './saved-card-charges.ts';
import { payments } from './schema.ts';

/*
 * The sandbox checkout: the TEST MODE page that stands in for Stripe's checkout without Stripe keys
 * (decision 0007). Its sessions are payment rows of provider `sandbox`; paying one moves it as a
 * customer on Stripe's page would, and the same crediting path then runs.
 */

async function findSandboxPayment(ctx: PaymentsContext, workspaceId: string, sessionId: string) {
  if (ctx.provider?.name !== 'sandbox') throw new NotFound(PAYMENT_MESSAGES.unknownSession);
  const row = await findOwnPayment(ctx, workspaceId, sessionId);
  if (row.provider !== 'sandbox') throw new NotFound(PAYMENT_MESSAGES.unknownSession);
  return row;
}

/** What the TEST MODE checkout page shows. */
export async function getSandboxCheckout(
  ctx: PaymentsContext,
  workspaceId: string,
  sessionId: string,
): Promise<SandboxCheckout> {
  const row = await findSandboxPayment(ctx, workspaceId, sessionId);
  const [buyer] = row.createdBy
    ? await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.createdBy))
    : [];
  const pack = CREDIT_PACKAGES[row.package as CreditPackageName];
  return {
    sessionId,
    package: row.package,
    label: pack?.label ?? row.package,
    credits: row.credits,
    amount: row.amountCents,
    currency: row.currency,
    status: row.sandboxState ?? 'expired',
    email: buyer?.email ?? '',
    saveCard: row.saveCard,
  };
}

const luhnValid = (digits: string) =>
  [...digits].reverse().reduce((sum, char, index) => {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    return sum + (digit > 9 ? digit - 9 : digit);
  }, 0) %
    10 ===
  0;

/** The TEST MODE card paid with: the default test card unless the page sent a (valid) number. */
function sandboxCard(cardNumber: string | undefined) {
  const digits = (cardNumber ?? SANDBOX_DEFAULT_CARD).replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits) || !luhnValid(digits))
    throw new BadRequest(BILLING_TEXTS.invalidCard, 'cardNumber');
  return {
    paymentMethodId: sandboxPaymentMethodId(digits),
    cardBrand: digits.startsWith('5') ? 'mastercard' : 'visa',
    cardLast4: digits.slice(-4),
  };
}

/**
 * Pay or Cancel on the TEST MODE page: moves the sandbox session like a customer on Stripe's page
 * would (once: an open session only), and answers the return URL Stripe would send them to.
 */
export async function decideSandboxCheckout(
  ctx: PaymentsContext,
  workspaceId: string,
  sessionId: string,
  decision: 'pay' | 'cancel',
  cardNumber?: string,
): Promise<{ redirectUrl: string }> {
  const row = await findSandboxPayment(ctx, workspaceId, sessionId);
  const card = decision === 'pay' ? sandboxCard(cardNumber) : undefined;
  const moved = await ctx.db
    .update(payments)
    .set(
      decision === 'pay'
        ? { sandboxState: 'complete', updatedAt: sql`now()`, ...card }
        : { sandboxState: 'expired', status: 'canceled', updatedAt: sql`now()` },
    )
    .where(and(eq(payments.id, row.id), eq(payments.sandboxState, 'open')))
    .returning({ id: payments.id });
  if (moved.length === 0) throw new Conflict('This checkout session is no longer open');
  return {
    redirectUrl:
      decision === 'pay' ? successUrl(ctx.publicUrl, sessionId) : creditsUrl(ctx.publicUrl, 'canceled=true'),
  };
}
