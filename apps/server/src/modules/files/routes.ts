import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound, RangeNotSatisfiable } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { parseByteRange } from './byte-range.ts';
import { CONTENT_TYPES, FILE_NAME_PATTERN, filesDir, TASK_DIR_PATTERN } from './result-files.ts';

/**
 * Result files: public by their unguessable URL (task id plus 80 random bits), immutable.
 * Streamed from disk with byte ranges, so a video player can seek; `?download=1` answers the
 * file as an attachment, for download links.
 */
export const filesRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const root = filesDir(services.config);
    app.get(
      '/files/:taskId/:name',
      {
        // Byte offsets describe the file as stored: a compressed body would break them.
        compress: false,
        schema: {
          hide: true,
          params: z.object({ taskId: z.string(), name: z.string() }),
          querystring: z.object({ download: z.literal('1').optional() }),
        },
      },
      async (request, reply) => {
        const { taskId, name } = request.params;
        if (!TASK_DIR_PATTERN.test(taskId) || !FILE_NAME_PATTERN.test(name))
          throw new NotFound('File not found');
        const file = path.join(root, taskId, name);
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) throw new NotFound('File not found');
        const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
        // If-Range: the client holds part of one version; a range of another version answers whole.
        const ifRange = request.headers['if-range'];
        const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
        const range = parseByteRange(rangeHeader, info.size);
        if (range.kind === 'unsatisfiable') throw new RangeNotSatisfiable(info.size);

        reply
          .type(CONTENT_TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('accept-ranges', 'bytes')
          .header('etag', etag);
        if (request.query.download) {
          reply.header('content-disposition', `attachment; filename="${taskId}-${name}"`);
        }
        if (range.kind === 'whole') {
          return reply.header('content-length', info.size).send(createReadStream(file));
        }
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(createReadStream(file, { start: range.start, end: range.end }));
      },
    );
  };
