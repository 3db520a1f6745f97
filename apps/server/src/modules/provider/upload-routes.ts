import { UploadParams } from '@conduit/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BadRequest } from '../../platform/errors.ts';
import { createUpload, deleteUpload, listUploads, UPLOAD_MAX_BYTES } from '../files/uploads.ts';
import type { KeyIdentity } from './authenticate-key.ts';
import { admitKey, type Gateway } from './gateway.ts';

/**
 * Input files (docs/product.md, "Uploads"): `POST /api/provider/files` keeps a local image or video
 * and answers a signed URL that image_urls, imageUrls and /v1 take; the list and the delete.
 */
export const uploadRoutes = (gateway: Gateway): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { services } = gateway;
    await app.register(fastifyMultipart);
    const admit = admitKey(gateway, null);
    const workspaceOf = (request: { apiKey?: KeyIdentity }) => (request.apiKey as KeyIdentity).workspaceId;
    const tags = ['provider'];

    app.post(
      '/api/provider/files',
      { preValidation: admit, bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024, schema: { tags } },
      async (request) => {
        if (!request.isMultipart())
          throw new BadRequest('Send the file as multipart/form-data, field "file"', 'file');
        const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
        if (file?.fieldname !== 'file') throw new BadRequest('file: is required', 'file');
        const bytes = await file.toBuffer();
        return { success: true as const, data: await createUpload(services, workspaceOf(request), bytes) };
      },
    );

    app.get('/api/provider/files', { preValidation: admit, schema: { tags } }, async (request) => ({
      success: true as const,
      data: await listUploads(services, workspaceOf(request)),
    }));

    app.delete(
      '/api/provider/files/:fileId',
      { preValidation: admit, schema: { tags, params: UploadParams } },
      async (request) => {
        await deleteUpload(services, workspaceOf(request), request.params.fileId);
        return { success: true as const, data: { id: request.params.fileId, deleted: true } };
      },
    );
  };
