import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound, RangeNotSatisfiable, ResultExpired } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { parseByteRange } from './byte-range.ts';
import { contentTypeOf, FILE_NAME_PATTERN, TASK_DIR_PATTERN } from './result-files.ts';
import { findResultsExpiry } from './retention.ts';
import { findServedUpload } from './uploads.ts';

const UPLOAD_DIR_PATTERN = /^upl_[a-z0-9]{16}$/;

const YEAR_S = 31_536_000;

/**
 * Result files: public by their unguessable URL (task id plus 80 random bits), immutable until
 * they expire (410 from then on). Streamed from the store with byte ranges, so a video player
 * can seek; `?download=1` answers the file as an attachment, for download links.
 */
export const filesRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { storage, config } = services;
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
        const expiresAt = await findResultsExpiry(services.db, taskId);
        const now = services.clock.now();
        if (expiresAt && expiresAt <= now) throw new ResultExpired(expiresAt, config.RESULT_RETENTION_DAYS);
        const key = `${taskId}/${name}`;
        const info = await storage.stat(key);
        if (!info) throw new NotFound('File not found');
        // If-Range: the client holds part of one version; a range of another version answers whole.
        const ifRange = request.headers['if-range'];
        const rangeHeader =
          ifRange === undefined || ifRange === info.etag ? request.headers.range : undefined;
        const range = parseByteRange(rangeHeader, info.size);
        if (range.kind === 'unsatisfiable') throw new RangeNotSatisfiable(info.size);
        const part = range.kind === 'part' ? { start: range.start, end: range.end } : undefined;
        const body = await storage.read(key, part);
        if (!body) throw new NotFound('File not found');

        // Caches keep the file until it expires, never longer.
        const maxAgeS = expiresAt ? Math.floor((expiresAt.getTime() - now.getTime()) / 1000) : YEAR_S;
        reply
          .type(contentTypeOf(name))
          .header('cache-control', `public, max-age=${maxAgeS}, immutable`)
          .header('accept-ranges', 'bytes')
          .header('etag', info.etag);
        if (expiresAt) reply.header('expires', expiresAt.toUTCString());
        if (request.query.download) {
          reply.header('content-disposition', `attachment; filename="${taskId}-${name}"`);
        }
        if (!part) return reply.header('content-length', info.size).send(body);
        return reply
          .status(206)
          .header('content-range', `bytes ${part.start}-${part.end}/${info.size}`)
          .header('content-length', part.end - part.start + 1)
          .send(body);
      },
    );

    // Uploaded inputs: by a signed URL until it expires (upload-urls.ts), then 404 like any wrong link.
    app.get(
      '/files/uploads/:id/:name',
      {
        compress: false,
        schema: {
          hide: true,
          params: z.object({ id: z.string(), name: z.string() }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const { id, name } = request.params;
        if (!UPLOAD_DIR_PATTERN.test(id) || !FILE_NAME_PATTERN.test(name))
          throw new NotFound('File not found');
        const upload = await findServedUpload(
          services,
          id,
          name,
          request.query.expires,
          request.query.signature,
        );
        const body = upload && (await storage.read(`${id}/${name}`));
        if (!upload || !body) throw new NotFound('File not found');
        const maxAgeS = Math.max(
          0,
          Math.floor((upload.expiresAt.getTime() - services.clock.now().getTime()) / 1000),
        );
        return reply
          .type(upload.contentType)
          .header('cache-control', `private, max-age=${maxAgeS}`)
          .header('content-length', upload.bytes)
          .send(body);
      },
    );
  };
