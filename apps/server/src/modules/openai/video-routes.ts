import {
  OpenAIVideoContentQuery,
  OpenAIVideoListQuery,
  OpenAIVideoParams,
  OpenAIVideoRequest,
  PROVIDER_LIMITS,
} from '@conduit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BadRequest, NotFound, ResultExpired } from '../../platform/errors.ts';
import { encodeCursor } from '../../platform/keyset-cursor.ts';
import { findResultsExpiry } from '../files/retention.ts';
import { firstIssue } from '../models/catalogue.ts';
import type { KeyIdentity } from '../provider/authenticate-key.ts';
import type { Gateway } from '../provider/gateway.ts';
import { assertKeyCovers } from '../provider/key-refusals.ts';
import { listTasks } from '../provider/list-tasks.ts';
import { chargeAsyncCall, resolveVideoCall } from '../provider/paid-calls.ts';
import { isOwnTask } from '../provider/test-mode.ts';
import { findTask } from '../tasks/settle-task.ts';
import { withFormMetadata } from './form-metadata.ts';
import { readMultipartForm } from './multipart-form.ts';
import { modelFor } from './openai-models.ts';
import { keepSentFiles } from './sent-files.ts';
import { storeKeyOf } from './stored-files.ts';
import { nativeVideoBody, openAIVideoOf } from './video-bodies.ts';

type Admit = (service: 'video' | null) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** OpenAI's video jobs over our video service: a job is a video task, its id the task's. */
export const videoRoutes = (gateway: Gateway, admit: Admit): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { services } = gateway;
    const tags = ['openai'];
    const identityOf = (request: FastifyRequest) => request.apiKey as KeyIdentity;
    const ownVideo = async (request: FastifyRequest, id: string) => {
      const task = await findTask(services.db, id);
      // Another workspace's video, or one of the other mode (a test key's against a live key), is not found.
      if (!task || !isOwnTask(identityOf(request), task) || task.service !== 'video') {
        throw new NotFound(`No video with id ${id}`);
      }
      // A key limited to other services reads no video, as on the native task routes.
      assertKeyCovers(identityOf(request), 'video');
      request.logTaskId = task.id;
      return task;
    };

    app.post(
      '/videos',
      {
        preValidation: admit('video'),
        bodyLimit: PROVIDER_LIMITS.imageMaxBytes + 1024 * 1024,
        schema: { tags },
      },
      async (request) => {
        const form = request.isMultipart()
          ? await readMultipartForm(request, ['input_reference'], {
              maxFileBytes: PROVIDER_LIMITS.imageMaxBytes,
              maxFiles: 1,
            })
          : { fields: request.body, files: [] };
        const parsed = OpenAIVideoRequest.safeParse(
          request.isMultipart() ? withFormMetadata(form.fields as Record<string, unknown>) : form.fields,
        );
        if (!parsed.success) throw firstIssue(parsed.error);
        // The model first: an unknown one is refused before any file is kept.
        const model = await modelFor(gateway.models, 'video', parsed.data.model);
        const named = parsed.data.input_reference_url ? [parsed.data.input_reference_url] : [];
        const sent = await keepSentFiles(services, identityOf(request).workspaceId, form.files);
        const { body, priced } = await resolveVideoCall(
          gateway,
          nativeVideoBody(model, parsed.data, [...named, ...sent.urls]),
        );
        // The same file sent again with the key is the same request, though stored under a new URL.
        const options = form.files.length
          ? { idempotentBody: { ...body, imageUrls: [...named, ...sent.sameAs] } }
          : undefined;
        const charged = await chargeAsyncCall(gateway, request, 'video', body, priced, options);
        if (charged.isReplay) await sent.dropForReplay();
        const task = await findTask(services.db, charged.taskId);
        if (!task) throw new NotFound('Video not found');
        return openAIVideoOf(task, services.clock.now());
      },
    );

    app.get(
      '/videos',
      { preValidation: admit(null), schema: { tags, querystring: OpenAIVideoListQuery } },
      async (request) => {
        const { after, limit } = request.query;
        let cursor: string | undefined;
        if (after) {
          const task = await ownVideo(request, after);
          const [row] = (
            await services.pool.query<{ key: string }>(
              `select (created_at at time zone 'UTC')::text as key from tasks where id = $1`,
              [task.id],
            )
          ).rows;
          if (!row) throw new BadRequest('after: no such video', 'after');
          cursor = encodeCursor(row.key, task.id);
        }
        const identity = identityOf(request);
        const page = await listTasks(services.pool, {
          workspaceId: identity.workspaceId,
          query: { limit, cursor, service: 'video' },
          services: [...identity.permissions],
          livemode: identity.livemode,
        });
        const now = services.clock.now();
        const data = page.tasks.map((task) => openAIVideoOf(task, now));
        return {
          object: 'list' as const,
          data,
          has_more: page.nextCursor !== null,
          first_id: data[0]?.id ?? null,
          last_id: data.at(-1)?.id ?? null,
        };
      },
    );

    app.get(
      '/videos/:video_id',
      { preValidation: admit(null), schema: { tags, params: OpenAIVideoParams } },
      async (request) =>
        openAIVideoOf(await ownVideo(request, request.params.video_id), services.clock.now()),
    );

    app.get(
      '/videos/:video_id/content',
      {
        preValidation: admit(null),
        compress: false,
        schema: { tags, params: OpenAIVideoParams, querystring: OpenAIVideoContentQuery },
      },
      async (request, reply) => {
        const task = await ownVideo(request, request.params.video_id);
        if (request.query.variant !== 'video') {
          throw new NotFound(`No ${request.query.variant} is made for videos here; ask for variant=video`);
        }
        if (task.status !== 'completed') {
          throw new BadRequest(
            `The video is ${task.status === 'processing' ? 'not ready yet' : task.status}`,
            'video_id',
          );
        }
        const expiresAt = await findResultsExpiry(services.db, task.id);
        if (expiresAt && expiresAt <= services.clock.now()) {
          throw new ResultExpired(expiresAt, services.config.RESULT_RETENTION_DAYS);
        }
        const url = (task.result as { videoUrls?: string[] } | null)?.videoUrls?.[0];
        if (!url) throw new NotFound('The video has no file');
        const key = storeKeyOf(url);
        const info = await services.storage.stat(key);
        const body = info && (await services.storage.read(key));
        if (!info || !body) throw new NotFound('The video file is gone');
        return reply.type('video/mp4').header('content-length', info.size).send(body);
      },
    );
  };
