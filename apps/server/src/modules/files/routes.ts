import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { CONTENT_TYPES, FILE_NAME_PATTERN, filesDir, TASK_DIR_PATTERN } from './result-files.ts';

/** Result files: public by their unguessable URL (task id plus 80 random bits), immutable. */
export const filesRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const root = filesDir(services.config);
    app.get(
      '/files/:taskId/:name',
      { schema: { hide: true, params: z.object({ taskId: z.string(), name: z.string() }) } },
      async (request, reply) => {
        const { taskId, name } = request.params;
        if (!TASK_DIR_PATTERN.test(taskId) || !FILE_NAME_PATTERN.test(name))
          throw new NotFound('File not found');
        const file = path.join(root, taskId, name);
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) throw new NotFound('File not found');
        const extension = path.extname(name).slice(1);
        reply
          .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
          .header('content-length', info.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('accept-ranges', 'none');
        return reply.send(createReadStream(file));
      },
    );
  };
