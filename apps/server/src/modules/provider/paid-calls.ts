import type { ImageRequest, Service, VideoRequest } from '@conduit/contracts';
import { SYNC_WAIT_S } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import { ValidationFailed } from '../../platform/errors.ts';
import { findServedUpload } from '../files/uploads.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { refundTask } from '../tasks/settle-task.ts';
import type { KeyIdentity } from './authenticate-key.ts';
import {
  type ChargeOptions,
  type Gateway,
  type PaidBody,
  type PaidCall,
  type PaidCharge,
  type PricedModel,
  withoutPriceControls,
} from './gateway.ts';
import { withoutMetadata } from './metadata.ts';
import { runUntilSettled, type StepTask, settle } from './task-runner.ts';

/**
 * The paid calls of the image and video services, as every surface makes them: the native routes
 * (routes.ts) and the OpenAI-shaped /v1 (modules/openai) both come here, so a charge, its task,
 * its events and its log entry are the same whichever shape the caller spoke.
 */

type CallBody = PaidBody & { callBackUrl?: string };
const identityOf = (request: FastifyRequest) => request.apiKey as KeyIdentity;

/** The task a charge has just created, as its first step needs it. */
export const newTask = (
  charged: Pick<PaidCharge, 'taskId' | 'deadlineAt' | 'cancelAfterAt' | 'cost' | 'livemode'>,
  service: Service,
  request: object,
): StepTask => ({
  id: charged.taskId,
  service,
  request: withoutMetadata(withoutPriceControls(request)),
  status: 'processing',
  deadlineAt: charged.deadlineAt,
  upstreamId: null,
  channel: null,
  upstreamStartedAt: null,
  upstreamRestarts: 0,
  attempts: 0,
  nextCheckAt: null,
  cancelAfterAt: charged.cancelAfterAt ?? null,
  cancelRequestedAt: null,
  cost: charged.cost,
  livemode: charged.livemode,
});

/** Charges a call with the request's key, its `callBackUrl` checked to be a public address first. */
async function chargeWithCallback(
  gateway: Gateway,
  request: FastifyRequest,
  call: Omit<PaidCall, 'identity' | 'callbackUrl'> & { body: CallBody },
): Promise<PaidCharge> {
  const { callBackUrl } = call.body;
  if (callBackUrl) await gateway.urlGuard.assertPublicUrl(callBackUrl, 'callBackUrl');
  return gateway.charge(request, { ...call, identity: identityOf(request), callbackUrl: callBackUrl });
}

/** A sync call charged, its task leased to this request until `lease`. */
export interface HeldCharge {
  charged: PaidCharge;
  lease: Date;
  service: 'image' | 'sora';
  body: CallBody;
}

/** Charges a call this request will run itself (a sync endpoint), holding its task's lease. */
export async function chargeSyncCall(
  gateway: Gateway,
  request: FastifyRequest,
  service: 'image' | 'sora',
  body: CallBody,
  priced?: PricedModel,
  options?: ChargeOptions,
): Promise<HeldCharge> {
  const lease = new Date(Date.now() + gateway.services.config.TASK_LEASE_S * 1000);
  const charged = await chargeWithCallback(gateway, request, {
    service,
    body,
    leaseUntil: lease,
    priced,
    options,
  });
  return { charged, lease, service, body };
}

/** Runs a held call's task until it settles or the service's sync wait passes. */
export function runHeldCall(gateway: Gateway, held: HeldCharge): Promise<TaskRow | undefined> {
  const { charged, lease, service, body } = held;
  const waitMs = SYNC_WAIT_S[service] * 1000;
  // A replay waits for the first call's task; a new task is this call's from its creation.
  const fresh = charged.isReplay ? undefined : { task: newTask(charged, service, body), lease };
  return runUntilSettled(gateway.runner, charged.taskId, waitMs, fresh);
}

/**
 * Gives back held calls that will not run (a later call of the same request was refused): each
 * not-yet-started task is canceled and refunded in full, as a cancel before the start is.
 */
export async function releaseHeldCalls(gateway: Gateway, held: readonly HeldCharge[]) {
  for (const { charged } of held) {
    if (charged.isReplay) continue;
    const canceled = await refundTask(gateway.runner, charged.taskId, 'canceled', null, {
      onlyIfNotStarted: true,
    });
    if (canceled) await settle(gateway.runner, charged.taskId, canceled);
  }
}

/** Charges an async call and wakes the pump to start it. */
export async function chargeAsyncCall(
  gateway: Gateway,
  request: FastifyRequest,
  service: Service,
  body: CallBody,
  priced?: PricedModel,
  options?: ChargeOptions,
): Promise<PaidCharge> {
  const charged = await chargeWithCallback(gateway, request, { service, body, priced, options });
  if (!charged.isReplay) gateway.wakePump();
  return charged;
}

/**
 * The input URLs an upstream must fetch, less our own unexpired uploads: those are checked here,
 * by their signature and row, rather than fetched back from ourselves. A broken or expired one of
 * ours is refused naming its field.
 */
async function foreignInputs(gateway: Gateway, urls: string[], field: string): Promise<string[]> {
  const own = `${gateway.services.config.PUBLIC_URL}/files/uploads/`;
  const foreign: string[] = [];
  for (const [index, url] of urls.entries()) {
    if (!url.startsWith(own)) {
      foreign.push(url);
      continue;
    }
    const parsed = new URL(url);
    const [id, name] = parsed.pathname.split('/').slice(-2);
    const upload = await findServedUpload(
      gateway.services,
      id ?? '',
      name ?? '',
      Number(parsed.searchParams.get('expires')),
      parsed.searchParams.get('signature') ?? '',
    );
    if (!upload)
      throw new ValidationFailed(
        `${field}.${index}: the upload has expired or was deleted`,
        `${field}.${index}`,
      );
  }
  return foreign;
}

/**
 * An image or video call's body resolved against its model (400 before any charge), its input
 * images checked: the model, its price variant and the variant's price now.
 */
async function resolveMediaCall<Body>(
  gateway: Gateway,
  service: 'image' | 'video',
  raw: unknown,
  inputsOf: (body: Body) => [field: string, urls: string[] | undefined],
) {
  const call = await gateway.models.resolve(service, raw);
  const body = call.request as Body;
  const [field, urls] = inputsOf(body);
  const inputs = urls?.length ? await foreignInputs(gateway, urls, field) : [];
  if (inputs.length) await gateway.urlGuard.checkInputImages(inputs, field);
  const priced: PricedModel = { model: call.model.id, variant: call.variant.variant, credits: call.credits };
  return { body, priced };
}

export const resolveImageCall = (gateway: Gateway, raw: unknown) =>
  resolveMediaCall<ImageRequest>(gateway, 'image', raw, (body) => ['image_urls', body.image_urls]);

export const resolveVideoCall = (gateway: Gateway, raw: unknown) =>
  resolveMediaCall<VideoRequest>(gateway, 'video', raw, (body) => ['imageUrls', body.imageUrls]);
