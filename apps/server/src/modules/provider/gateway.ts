import { createHash } from 'node:crypto';
import { PRICE_CONTROL_FIELDS, type Service, TASK_DEADLINE_S, TEST_MODE_ENGINE } from '@conduit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationFailed } from '../../platform/errors.ts';
import { plainIp } from '../../platform/ip-ranges.ts';
import type { Services } from '../../platform/services.ts';
import type { Engine } from '../engines/engine.ts';
import { type ModelCatalogue, modelCatalogueOf } from '../models/catalogue.ts';
import { creditPrices } from '../models/credit-prices.ts';
import { createKeyAuthenticator, type KeyIdentity, presentedKey } from './authenticate-key.ts';
import { cancelAfterSeconds } from './call-headers.ts';
import type { ChargeResult } from './charge-call.ts';
import { createCharger } from './charger.ts';
import type { UrlGuard } from './check-input-urls.ts';
import { assertKeyControls, KeyRefused } from './key-refusals.ts';
import { callMetadataOf, withoutMetadata } from './metadata.ts';
import { priceOfCall } from './prices.ts';
import { createProviderRateLimits, type RateLimitOutcome } from './rate-limits.ts';
import type { RunnerContext } from './task-runner.ts';

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface Gateway {
  services: Services;
  engine: Engine;
  runner: RunnerContext;
  /** SSRF checks of user-supplied URLs (check-input-urls.ts). */
  urlGuard: UrlGuard;
  /** Wakes the task pump so a new async task starts without waiting for its next tick. */
  wakePump: () => void;
  /** Key, permission and rate limit: everything before the body is looked at. */
  admit(
    request: FastifyRequest,
    reply: FastifyReply,
    service: Service | null,
  ): Promise<{ identity: KeyIdentity; remaining: RateLimitOutcome['remaining'] }>;
  /** What each service charges now (CREDIT_PRICES over the published costs). */
  prices: Record<Service, number>;
  /** The image and video models, their settings and prices (models/catalogue.ts). */
  models: ModelCatalogue;
  /**
   * Charges a paid call: its price (a quote's if it names one, refused above its maxCredits), its
   * deadline and Cancel-After, then the one debit statement. `body` is the body as sent; the task
   * stores it without the price controls.
   */
  charge(request: FastifyRequest, call: PaidCall): Promise<PaidCharge>;
}

/** A paid call to charge, as Gateway.charge takes it. */
export interface PaidCall {
  identity: KeyIdentity;
  service: Service;
  body: PaidBody;
  callbackUrl?: string | undefined;
  /** For a call that runs its task itself: see ChargeInput.leaseUntil. */
  leaseUntil?: Date | undefined;
  /** An image, video or LinkedIn call: its model, its variant and the variant's price. */
  priced?: PricedModel | undefined;
  options?: ChargeOptions | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's API key identity, set before validation on every route a key calls (admitKey). */
    apiKey?: KeyIdentity;
    rateLimitRemaining?: { minute: number; hour: number; day: number };
  }
}

/**
 * The preValidation of a route a key calls: the key admitted for `service` (null: any service,
 * gateway.admit), its identity and rate-limit room kept on the request.
 */
export const admitKey =
  (gateway: Pick<Gateway, 'admit'>, service: Service | null) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const admitted = await gateway.admit(request, reply, service);
    request.apiKey = admitted.identity;
    request.rateLimitRemaining = admitted.remaining;
  };

/** How one request that makes several charges (OpenAI's `n`) tells them apart, and what its key stands for. */
export interface ChargeOptions {
  /**
   * Appended to the request's Idempotency-Key for this charge (`#2`): each charge of the request
   * is replayed as itself. A key too long to take it is hashed first.
   */
  idempotencySuffix?: string;
  /**
   * The request its Idempotency-Key stands for, when not the body charged: a file sent in a /v1
   * form is stored anew under a new URL each time it is sent, so it is named by its bytes here.
   */
  idempotentBody?: object;
}

/** The Idempotency-Key of one charge of a request: the header, or its own per `options`. */
function chargeIdempotencyKey(header: string | undefined, options: ChargeOptions | undefined) {
  const suffix = options?.idempotencySuffix;
  if (header === undefined || !suffix) return header;
  const base =
    header.length + suffix.length <= 255 ? header : createHash('sha256').update(header).digest('hex');
  return `${base}${suffix}`;
}

/** The model and price variant of an image, video or LinkedIn call, and its price in credits now. */
export interface PricedModel {
  /** The catalogue model (image and video); none for LinkedIn. */
  model?: string;
  variant: string;
  credits: number;
}

/** The price controls every paid body may carry (contracts' PRICE_CONTROL_FIELDS), and its metadata. */
export interface PaidBody {
  maxCredits?: number;
  quoteId?: string;
  metadata?: Record<string, string>;
}
/** A charge and what it set: the price paid and the deadline (of the new task; a replay's are read from it). */
export type PaidCharge = ChargeResult & {
  cost: number;
  deadlineAt: Date;
  cancelAfterAt?: Date;
  /** False for a test key's call: free, on the development engine (test-mode.ts). */
  livemode: boolean;
};

export const withoutPriceControls = (body: object) =>
  Object.fromEntries(
    Object.entries(body).filter(([name]) => !(PRICE_CONTROL_FIELDS as readonly string[]).includes(name)),
  );

export interface GatewayHooks {
  /** Wakes the task pump so a new async task starts without waiting for its next tick. */
  wakePump: () => void;
  /**
   * Called once a paid call is charged and its task exists, with its `task.started` event (both
   * written by the debit statement, committed by now): tells the event streams. Not for a replay.
   */
  onTaskCreated?: (task: { id: string; workspaceId: string; service: Service }) => void;
}

export function createGateway(
  services: Services,
  runner: RunnerContext,
  urlGuard: UrlGuard,
  { wakePump, onTaskCreated }: GatewayHooks,
): Gateway {
  const { engine } = runner;
  const authenticator = createKeyAuthenticator(services.pool, services.clock);
  const charger = createCharger(services.pool);
  const prices = creditPrices(services.config);
  const rateLimits = createProviderRateLimits({
    redis: services.redis,
    prefix: services.config.REDIS_PREFIX,
  });

  return {
    services,
    engine,
    runner,
    urlGuard,
    wakePump,
    prices,
    models: modelCatalogueOf(services),
    async admit(request, reply, service) {
      // Status reads re-check the key every time; paid calls are re-checked inside the debit.
      const identity = await authenticator.authenticate(presentedKey(request.headers), request.ip, {
        isFresh: service === null,
      });
      // Known from here on, so a call refused by the key's controls or limits is logged under the key.
      request.apiKey = identity;
      assertKeyControls(identity, service, request.ip, services.clock.now());
      // A test key's requests count against a budget of their own, the same size as the live one's.
      const outcome = await rateLimits.consume(
        identity.livemode ? identity.workspaceId : `test:${identity.workspaceId}`,
        identity.limits,
        identity.keyRateLimitPerMinute === null
          ? undefined
          : { id: identity.keyId, perMinute: identity.keyRateLimitPerMinute },
      );
      reply.headers(outcome.headers);
      return { identity, remaining: outcome.remaining };
    },
    async charge(request, { identity, service, body, callbackUrl, leaseUntil, priced, options }) {
      const header = request.headers['idempotency-key'];
      const sent = typeof header === 'string' ? header : undefined;
      if (sent !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(sent)) {
        throw new ValidationFailed(
          'Idempotency-Key: must be 1-255 printable ASCII characters',
          'Idempotency-Key',
        );
      }
      // Checked before the price and the charge: bad metadata is a 400 with nothing taken.
      const metadata = callMetadataOf(body);
      if (metadata) request.logMetadata = metadata;
      const idempotencyKey = chargeIdempotencyKey(sent, options);
      const cancelAfter = cancelAfterSeconds(request.headers['cancel-after']);
      // A test call is priced (and refused) as a live one would be, and then charged nothing.
      const price = await priceOfCall(services.db, priced?.credits ?? prices[service], {
        workspaceId: identity.workspaceId,
        service,
        model: priced?.model,
        variant: priced?.variant,
        quoteId: body.quoteId,
        maxCredits: body.maxCredits,
      });
      const cost = identity.livemode ? price : 0;
      const now = Date.now();
      const deadlineAt = new Date(now + TASK_DEADLINE_S[service] * 1000);
      const cancelAfterAt = cancelAfter === undefined ? undefined : new Date(now + cancelAfter * 1000);
      const charged = await charger
        .charge({
          ip: plainIp(request.ip),
          identity,
          service,
          model: priced?.model,
          variant: priced?.variant,
          cost,
          engine: identity.livemode ? engine : TEST_MODE_ENGINE,
          at: services.clock.now(),
          request: withoutMetadata(withoutPriceControls(body)),
          metadata,
          deadlineAt,
          cancelAfterAt,
          idempotencyKey,
          requestHash: idempotencyKey
            ? createHash('sha256')
                .update(`${service}\n${JSON.stringify(options?.idempotentBody ?? body)}`)
                .digest('hex')
            : undefined,
          callbackUrl,
          leaseUntil,
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof KeyRefused)) throw error;
          // The key changed since it was admitted: read it again for the exact refusal.
          const fresh = await authenticator.authenticate(presentedKey(request.headers), request.ip, {
            isFresh: true,
          });
          assertKeyControls(fresh, service, request.ip, services.clock.now());
          throw error;
        });
      request.logTaskId = charged.taskId;
      if (!charged.isReplay) {
        if (cost > 0) services.metrics.creditsDebited.inc({ service }, cost);
        onTaskCreated?.({ id: charged.taskId, workspaceId: identity.workspaceId, service });
      }
      return { ...charged, cost, deadlineAt, cancelAfterAt, livemode: identity.livemode };
    },
  };
}
export type { KeyIdentity };
