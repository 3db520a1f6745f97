import { DEFAULT_RESULT_RETENTION_DAYS } from '@conduit/contracts';
import { commonHeaders } from './openapi-components.ts';

const EXAMPLE_REQUEST_ID = 'req_4k9x2m7q1w8e5r3t';
const error = (
  description: string,
  code: string,
  message: string,
  headers: Record<string, unknown> = {},
) => ({
  description,
  headers: { ...commonHeaders(), ...headers },
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/FileError' },
      example: { error: message, code, requestId: EXAMPLE_REQUEST_ID },
    },
  },
});
const text = (description: string, example: string) => ({ description, schema: { type: 'string' }, example });

/** What a result file answers (files/routes.ts): whole, a byte range, or why not. */
const FILE_HEADERS = {
  'Accept-Ranges': text('Byte ranges are served.', 'bytes'),
  ETag: text('The version of the file; send it as If-Range to resume a download.', '"5d41402abc4b2a76"'),
  'Cache-Control': text('Immutable until it expires.', 'public, max-age=2591999, immutable'),
  Expires: text(
    'When the file is deleted (absent when it is kept for ever).',
    'Sat, 02 Jan 2027 00:00:00 GMT',
  ),
};
const binary = (description: string, headers: Record<string, unknown>) => ({
  description,
  headers: { ...commonHeaders(), ...FILE_HEADERS, ...headers },
  content: {
    'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
    'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } },
    'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } },
    'video/mp4': { schema: { type: 'string', contentMediaType: 'video/mp4' } },
    'video/quicktime': { schema: { type: 'string', contentMediaType: 'video/quicktime' } },
    'application/json': { schema: { type: 'object' } },
  },
});

/** `/files/{taskId}/{name}`: the URLs of resultUrls and videoUrls, public by their unguessable name. */
export function filesPath() {
  return {
    '/files/{taskId}/{name}': {
      get: {
        operationId: 'downloadResultFile',
        summary: 'Download a result file',
        description: `A file a task made, at the URL its answer gave (resultUrls, videoUrls). No key is needed: the URL itself is unguessable. Byte ranges are served (206), so video players can seek and downloads resume; \`?download=1\` answers it as an attachment. Files are kept ${DEFAULT_RESULT_RETENTION_DAYS} days after their call completes (unless the installation keeps them otherwise) and answer 410 from then on.\n\nFree.`,
        tags: ['files'],
        security: [],
        parameters: [
          { $ref: '#/components/parameters/ConduitVersion' },
          {
            name: 'taskId',
            in: 'path',
            required: true,
            description: 'The task that made the file',
            schema: { type: 'string', pattern: '^task_[a-z0-9]{16}$' },
            example: 'task_7d2k9q4x1m8w3e6r',
          },
          {
            name: 'name',
            in: 'path',
            required: true,
            description: 'The file name from the URL',
            schema: { type: 'string', pattern: '^[a-z0-9]{20}\\.(png|jpg|webp|mp4|mov|json)$' },
            example: 'k2m9x4q7w1e5r3t8d2a6.mp4',
          },
          {
            name: 'download',
            in: 'query',
            required: false,
            description: '`1` to get the file as an attachment (Content-Disposition), for download links',
            schema: { type: 'string', enum: ['1'] },
          },
          {
            name: 'Range',
            in: 'header',
            required: false,
            description: 'One byte range (`bytes=start-end`, `bytes=start-` or `bytes=-suffix`).',
            schema: { type: 'string' },
            example: 'bytes=0-1023',
          },
          {
            name: 'If-Range',
            in: 'header',
            required: false,
            description: 'The ETag of the version you hold part of: another version answers whole (200).',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: binary('The whole file.', {
            'Content-Length': { description: 'The file size in bytes.', schema: { type: 'integer' } },
            'Content-Disposition': text(
              'With `?download=1` only.',
              'attachment; filename="task_7d2k9q4x1m8w3e6r-k2m9x4q7w1e5r3t8d2a6.mp4"',
            ),
          }),
          206: binary('The requested byte range.', {
            'Content-Range': text('The range sent and the file size.', 'bytes 0-1023/1048576'),
            'Content-Length': { description: 'The range size in bytes.', schema: { type: 'integer' } },
          }),
          404: error('No such file.', 'NOT_FOUND', 'File not found'),
          410: error(
            'The file expired and was deleted.',
            'RESULT_EXPIRED',
            `This result is no longer available: it expired on 2027-01-02T00:00:00.000Z. Results are kept ${DEFAULT_RESULT_RETENTION_DAYS} days after their call completes.`,
          ),
          416: error(
            'The range lies outside the file.',
            'RANGE_NOT_SATISFIABLE',
            'The requested range is not satisfiable',
            {
              'Content-Range': text('The file size.', 'bytes */1048576'),
            },
          ),
        },
        'x-credits-cost': 0,
      },
    },
  };
}

/** `/files/uploads/{id}/{name}`: an upload's signed URL (POST /api/provider/files answers it). */
export function uploadFilePath() {
  const pathParameter = (name: string, description: string) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string' },
  });
  const queryParameter = (name: string, description: string, type: string) => ({
    name,
    in: 'query',
    required: true,
    description,
    schema: { type },
  });
  return {
    '/files/uploads/{id}/{name}': {
      get: {
        operationId: 'downloadUpload',
        summary: 'Read an uploaded file',
        description:
          'An upload at the signed URL its upload answered: no key is needed until it expires; after that, deleted, or with another signature it answers 404.\n\nFree.',
        tags: ['uploads'],
        security: [],
        parameters: [
          pathParameter('id', 'The upload'),
          pathParameter('name', 'The file name from the URL'),
          queryParameter('expires', 'Unix seconds the URL works until', 'integer'),
          queryParameter('signature', 'The signature of the id, name and expiry', 'string'),
        ],
        responses: {
          200: binary('The file.', {}),
          404: error('No such upload, or the URL expired.', 'NOT_FOUND', 'File not found'),
        },
        'x-credits-cost': 0,
      },
    },
  };
}
