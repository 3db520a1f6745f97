import type { OpenAIImageAnswer, OpenAIImageRequest } from '@conduit/contracts';
import { ERROR_CODES } from '@conduit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, UpstreamFailed } from '../../platform/errors.ts';
import type { Gateway } from '../provider/gateway.ts';
import {
  chargeSyncCall,
  type HeldCharge,
  releaseHeldCalls,
  resolveImageCall,
  runHeldCall,
} from '../provider/paid-calls.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { nativeImageBody } from './image-bodies.ts';
import { modelFor } from './openai-models.ts';
import type { SentFiles } from './sent-files.ts';
import { storedFileBytes } from './stored-files.ts';

/**
 * OpenAI's images from our image service: each of the `n` images is one native call, charged,
 * logged and evented as such. All are charged before any runs, so a refusal (no credits) part-way
 * gives back the ones already charged and the request costs nothing.
 */
export async function makeImages(
  gateway: Gateway,
  request: FastifyRequest,
  reply: FastifyReply,
  fields: OpenAIImageRequest,
  imageUrls?: string[],
  sent?: Pick<SentFiles, 'sameAs' | 'dropForReplay'>,
): Promise<OpenAIImageAnswer> {
  const model = await modelFor(gateway.models, 'image', fields.model, imageUrls ? 'image-edit' : undefined);
  const { body, priced } = await resolveImageCall(gateway, nativeImageBody(model, fields, imageUrls));
  // Files sent in the form are named by their bytes for the Idempotency-Key, not by this sending's URLs.
  const idempotentBody = sent && { ...body, image_urls: sent.sameAs };
  const held: HeldCharge[] = [];
  try {
    for (let index = 0; index < fields.n; index++) {
      const options = {
        ...(fields.n > 1 && { idempotencySuffix: `#${index + 1}` }),
        ...(idempotentBody && { idempotentBody }),
      };
      held.push(await chargeSyncCall(gateway, request, 'image', body, priced, options));
    }
  } catch (error) {
    await releaseHeldCalls(gateway, held);
    throw error;
  }
  if (sent && held.every((call) => call.charged.isReplay)) await sent.dropForReplay();
  const tasks = await Promise.all(held.map((call) => runHeldCall(gateway, call)));
  const charged = tasks.reduce((sum, task) => sum + (task ? task.cost - task.creditsRefunded : 0), 0);
  reply.header('x-credits-charged', String(charged));
  if (held.some((call) => call.charged.isReplay)) reply.header('idempotent-replayed', 'true');
  reply.header('x-conduit-task-ids', held.map((call) => call.charged.taskId).join(','));
  return answerOf(gateway, tasks, fields.response_format);
}

async function answerOf(
  gateway: Gateway,
  tasks: (TaskRow | undefined)[],
  format: OpenAIImageRequest['response_format'],
): Promise<OpenAIImageAnswer> {
  const done = tasks.filter((task): task is TaskRow => task?.status === 'completed');
  const running = tasks.filter((task) => task?.status === 'processing');
  if (done.length === 0 && running.length > 0) {
    // OpenAI's images answer has no pending state: the task ids let the caller poll the native API.
    throw new AppError(
      ERROR_CODES.SERVICE_UNAVAILABLE,
      `The image is taking longer than this request may wait; it is still running and charged. Poll GET /api/provider/tasks/${running.map((task) => task?.id).join(', ')}`,
    );
  }
  if (done.length === 0) {
    const failed = tasks.find((task) => task && task.status !== 'completed');
    throw new UpstreamFailed(
      `The image task failed: ${failed?.error ?? 'unknown error'}; its credits were refunded`,
      {
        taskId: failed?.id,
      },
    );
  }
  const urls = done.flatMap((task) => (task.result as { resultUrls?: string[] } | null)?.resultUrls ?? []);
  const data = await Promise.all(
    urls.map(async (url) =>
      format === 'b64_json'
        ? { b64_json: (await storedFileBytes(gateway.services.storage, url)).toString('base64') }
        : { url },
    ),
  );
  return { created: Math.floor(Date.now() / 1000), data };
}
