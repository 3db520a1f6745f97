import {
  ERROR_CODES,
  type LinkedinRequest,
  linkedinCredits,
  linkedinPostsAskedFor,
  linkedinVariantOf,
  QUOTE_VALID_S,
  type Service,
} from '@conduit/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/database.ts';
import { AppError, ValidationFailed } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { creditPrices } from '../models/credit-prices.ts';
import { priceQuotes } from '../tasks/schema.ts';

/** How this server prices LinkedIn's posts (LINKEDIN_INCLUDED_POSTS, LINKEDIN_POSTS_PER_CREDIT). */
export const linkedinPricingOf = (
  config: Pick<Config, 'LINKEDIN_INCLUDED_POSTS' | 'LINKEDIN_POSTS_PER_CREDIT'>,
) => ({
  includedPosts: config.LINKEDIN_INCLUDED_POSTS,
  postsPerCredit: config.LINKEDIN_POSTS_PER_CREDIT,
});

/**
 * A LinkedIn call's price and variant: the service's price for up to the included posts, a credit
 * more for each further band of posts asked for (docs/product.md, "Credit costs and packs").
 */
export function linkedinPriceOf(
  config: Pick<Config, 'CREDIT_PRICES' | 'LINKEDIN_INCLUDED_POSTS' | 'LINKEDIN_POSTS_PER_CREDIT'>,
  request: Pick<LinkedinRequest, 'limit' | 'total_posts'>,
): { variant: string; credits: number } {
  const pricing = linkedinPricingOf(config);
  const posts = linkedinPostsAskedFor(request);
  return {
    variant: linkedinVariantOf(posts, pricing).variant,
    credits: linkedinCredits(posts, creditPrices(config).linkedin, pricing),
  };
}

/** 402 PRICE_ABOVE_MAX: the call costs more than the cap it was sent with; nothing was charged. */
export class PriceAboveMax extends AppError {
  constructor(price: number, maxCredits: number) {
    super(
      ERROR_CODES.PRICE_ABOVE_MAX,
      `The call costs ${price} credits, more than maxCredits ${maxCredits}`,
      {
        details: { required: price, maxCredits },
      },
    );
  }
}

/** Stores a price for the workspace, service, model and variant, binding for QUOTE_VALID_S. */
export async function createQuote(
  db: Db,
  workspaceId: string,
  service: Service,
  credits: number,
  now: Date,
  model?: string,
  variant?: string,
) {
  const expiresAt = new Date(now.getTime() + QUOTE_VALID_S * 1000);
  const [row] = await db
    .insert(priceQuotes)
    .values({
      id: newId('quo'),
      workspaceId,
      service,
      model: model ?? null,
      variant: variant ?? null,
      credits,
      expiresAt,
    })
    .returning();
  return { credits, quoteId: (row as { id: string }).id, expiresAt: expiresAt.toISOString() };
}

/**
 * The price a paid call pays: the current one, or a quote's if it is lower and the quote (of this
 * workspace and service) has not expired; then checked against the call's `maxCredits`.
 */
export async function priceOfCall(
  db: Db,
  current: number,
  call: {
    workspaceId: string;
    service: Service;
    model?: string;
    variant?: string;
    quoteId?: string;
    maxCredits?: number;
  },
): Promise<number> {
  let price = current;
  if (call.quoteId) {
    const [quote] = await db
      .select({ credits: priceQuotes.credits })
      .from(priceQuotes)
      .where(
        and(
          eq(priceQuotes.id, call.quoteId),
          eq(priceQuotes.workspaceId, call.workspaceId),
          eq(priceQuotes.service, call.service),
          // A quote prices one model: another model's call cannot pay it.
          call.model ? eq(priceQuotes.model, call.model) : isNull(priceQuotes.model),
          // And one variant: a quote of a 5 s video cannot pay for a 10 s one.
          call.variant ? eq(priceQuotes.variant, call.variant) : isNull(priceQuotes.variant),
          gt(priceQuotes.expiresAt, sql`now()`),
        ),
      );
    if (!quote) {
      throw new ValidationFailed(
        `quoteId: no quote of yours for ${call.model ? `the ${call.model} model of ` : ''}${call.service}${call.variant ? ` (${call.variant})` : ''} with this id, or it has expired`,
        'quoteId',
      );
    }
    price = Math.min(price, quote.credits);
  }
  if (call.maxCredits !== undefined && price > call.maxCredits)
    throw new PriceAboveMax(price, call.maxCredits);
  return price;
}
