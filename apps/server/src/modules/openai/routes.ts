import {
  OpenAIImageEditFields,
  OpenAIImageRequest,
  OpenAIModelParams,
  PROVIDER_LIMITS,
} from '@conduit/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firstIssue } from '../models/catalogue.ts';
import { admitKey, type Gateway } from '../provider/gateway.ts';
import { withFormMetadata } from './form-metadata.ts';
import { makeImages } from './image-calls.ts';
import { readMultipartForm } from './multipart-form.ts';
import { ModelNotFound, registerOpenAIErrors } from './openai-errors.ts';
import { enabledModels, modelFor, openAIModelOf } from './openai-models.ts';
import { keepSentFiles } from './sent-files.ts';
import { videoRoutes } from './video-routes.ts';

/** Up to this many input images in one edit, each at most the uploads' size. */
const EDIT_MAX_IMAGES = 4;
/** A form of that many images and its fields. */
export const MULTIPART_BODY_LIMIT = EDIT_MAX_IMAGES * PROVIDER_LIMITS.imageMaxBytes + 1024 * 1024;

/**
 * The OpenAI-compatible API (docs/product.md, "Use with OpenAI libraries"): OpenAI's shapes over
 * the provider module's paid calls, so a /v1 call is charged, logged and evented as a native one.
 */
export const openAIRoutes = (gateway: Gateway): FastifyPluginAsyncZod =>
  async function routes(app) {
    registerOpenAIErrors(app);
    await app.register(fastifyMultipart);
    const admit = (service: 'image' | 'video' | null) => admitKey(gateway, service);
    const tags = ['openai'];

    app.get('/models', { preValidation: admit(null), schema: { tags } }, async () => ({
      object: 'list' as const,
      data: (await enabledModels(gateway.models)).map(openAIModelOf),
    }));

    app.get(
      '/models/:model',
      { preValidation: admit(null), schema: { tags, params: OpenAIModelParams } },
      async (request) => {
        const models = await enabledModels(gateway.models);
        const model = models.find((candidate) => candidate.id === request.params.model);
        if (!model)
          throw new ModelNotFound(
            request.params.model,
            undefined,
            models.map((each) => each.id),
          );
        return openAIModelOf(model);
      },
    );

    app.post(
      '/images/generations',
      { preValidation: admit('image'), schema: { tags, body: OpenAIImageRequest } },
      async (request, reply) => makeImages(gateway, request, reply, request.body),
    );

    app.post(
      '/images/edits',
      { preValidation: admit('image'), bodyLimit: MULTIPART_BODY_LIMIT, schema: { tags } },
      async (request, reply) => {
        if (!request.isMultipart()) {
          const parsed = OpenAIImageEditFields.safeParse(request.body);
          if (!parsed.success) throw firstIssue(parsed.error);
          const urls = parsed.data.image_url ? [parsed.data.image_url] : [];
          return makeImages(gateway, request, reply, parsed.data, requireImages(urls));
        }
        const form = await readMultipartForm(request, ['image', 'image[]'], {
          maxFileBytes: PROVIDER_LIMITS.imageMaxBytes,
          maxFiles: EDIT_MAX_IMAGES,
        });
        const parsed = OpenAIImageEditFields.safeParse(withFormMetadata(form.fields));
        if (!parsed.success) throw firstIssue(parsed.error);
        // The model first: a model that cannot edit is refused before any file is kept.
        await modelFor(gateway.models, 'image', parsed.data.model, 'image-edit');
        const named = parsed.data.image_url ? [parsed.data.image_url] : [];
        const sent = await keepSentFiles(gateway.services, request.apiKey?.workspaceId as string, form.files);
        const urls = requireImages([...named, ...sent.urls]);
        return makeImages(gateway, request, reply, parsed.data, urls, {
          ...sent,
          sameAs: [...named, ...sent.sameAs],
        });
      },
    );

    await app.register(videoRoutes(gateway, admit));
  };

function requireImages(urls: string[]): string[] {
  if (urls.length === 0) throw firstIssue({ issues: [{ path: ['image'], message: 'is required' }] });
  return urls;
}
