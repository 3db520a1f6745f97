import { createHash } from 'node:crypto';
import { SERVICE_COST, type Service } from '@conduit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationFailed } from '../../platform/errors.ts';
import { plainIp } from '../../platform/ip-ranges.ts';
import type { Services } from '../../platform/services.ts';
import type { Engine } from '../engines/engine.ts';
import { createKeyAuthenticator, type KeyIdentity, presentedKey } from './authenticate-key.ts';
import type { ChargeResult } from './charge-call.ts';
import { createCharger } from './charger.ts';
import type { UrlGuard } from './check-input-urls.ts';
import { assertKeyControls, KeyRefused } from './key-refusals.ts';
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
  charge(
    request: FastifyRequest,
    identity: KeyIdentity,
    service: Service,
    body: unknown,
    callbackUrl?: string,
    /** For a call that runs its task itself: see ChargeInput.leaseUntil. */
    leaseUntil?: Date,
  ): Promise<ChargeResult>;
}

export interface GatewayHooks {
  /** Wakes the task pump so a new async task starts without waiting for its next tick. */
  wakePump: () => void;
  /** Called once a paid call is charged and its task exists (not for an idempotent replay). */
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
    async admit(request, reply, service) {
      // Status reads re-check the key every time; paid calls are re-checked inside the debit.
      const identity = await authenticator.authenticate(presentedKey(request.headers), request.ip, {
        isFresh: service === null,
      });
      assertKeyControls(identity, service, request.ip, services.clock.now());
      const outcome = await rateLimits.consume(
        identity.workspaceId,
        identity.limits,
        identity.keyRateLimitPerMinute === null
          ? undefined
          : { id: identity.keyId, perMinute: identity.keyRateLimitPerMinute },
      );
      reply.headers(outcome.headers);
      return { identity, remaining: outcome.remaining };
    },
    async charge(request, identity, service, body, callbackUrl, leaseUntil) {
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : undefined;
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
        throw new ValidationFailed(
          'Idempotency-Key: must be 1-255 printable ASCII characters',
          'Idempotency-Key',
        );
      }
      const charged = await charger
        .charge({
          ip: plainIp(request.ip),
          identity,
          service,
          cost: SERVICE_COST[service],
          engine: engine.name,
          request: body,
          idempotencyKey,
          requestHash: idempotencyKey
            ? createHash('sha256')
                .update(`${service}\n${JSON.stringify(body)}`)
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
      if (!charged.isReplay) {
        services.metrics.creditsDebited.inc({ service }, SERVICE_COST[service]);
        onTaskCreated?.({ id: charged.taskId, workspaceId: identity.workspaceId, service });
      }
      return charged;
    },
  };
}
export type { KeyIdentity };
