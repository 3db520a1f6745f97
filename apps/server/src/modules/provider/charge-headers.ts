import type { FastifyReply } from 'fastify';
import type { ChargeResult } from './charge-call.ts';

/**
 * What a paid call did to the account, as headers (documented in the OpenAPI document): the
 * credits this answer charged (0 for a replay, which the first call paid), the balance right after
 * the debit, and, for a call with an Idempotency-Key, whether it replayed an earlier one.
 */
export function setChargeHeaders(reply: FastifyReply, charged: ChargeResult, cost: number, hasKey: boolean) {
  reply.header('x-credits-charged', charged.isReplay ? 0 : cost);
  if (!charged.isReplay) reply.header('x-credits-balance', charged.balance);
  if (hasKey) reply.header('idempotent-replayed', String(charged.isReplay));
}
