import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../platform/config.ts';
import type { ResultStore } from './result-store.ts';

const CHECK_TIMEOUT_MS = 5_000;

type S3Config = Pick<
  Config,
  | 'S3_BUCKET'
  | 'S3_PREFIX'
  | 'S3_FORCE_PATH_STYLE'
  | 'AWS_REGION'
  | 'AWS_ENDPOINT_URL_S3'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
>;

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    // R2 and MinIO ignore the region but the SDK needs one.
    region: config.AWS_REGION ?? 'us-east-1',
    ...(config.AWS_ENDPOINT_URL_S3 && { endpoint: config.AWS_ENDPOINT_URL_S3 }),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.AWS_ACCESS_KEY_ID &&
      config.AWS_SECRET_ACCESS_KEY && {
        credentials: {
          accessKeyId: config.AWS_ACCESS_KEY_ID,
          secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
        },
      }),
    // Checksums only where S3 requires them: several S3-compatible stores reject the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/** An SDK error in one line: S3 often answers a bare status (HEAD requests have no body). */
function describe(error: unknown): Error {
  if (!(error instanceof S3ServiceException))
    return error instanceof Error ? error : new Error(String(error));
  const status = error.$metadata.httpStatusCode;
  const what = error.name === 'NotFound' && status === 404 ? 'no such bucket' : error.name;
  return new Error(`${what}${status ? `, HTTP ${status}` : ''}`);
}

/** Result files as objects `<S3_PREFIX><taskId>/<name>` of S3_BUCKET, shared by every process. */
export function createS3Store(config: S3Config): ResultStore {
  const client = s3Client(config);
  const Bucket = config.S3_BUCKET ?? '';
  const prefix = config.S3_PREFIX ? `${config.S3_PREFIX.replace(/\/+$/, '')}/` : '';
  const Key = (key: string) => `${prefix}${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // Multipart in parts of 5 MiB: a large video never sits in memory whole, and a body that
      // fails part-way aborts the upload, leaving no object.
      const done = await new Upload({
        client,
        params: { Bucket, Key: Key(key), Body: body, ContentType: contentType },
      }).done();
      return 'ETag' in done ? done.ETag : undefined;
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${head.LastModified?.getTime()}"` };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw describe(error);
      }
    },
    async read(key, range) {
      const Range = range && `bytes=${range.start}-${range.end}`;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key), Range }));
        return answer.Body as Readable;
      } catch (error) {
        // Deleted since its stat (the expiry job): as if it had never been there.
        if (isNotFound(error)) return undefined;
        throw describe(error);
      }
    },
    async deleteTask(taskId) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: Key(`${taskId}/`), ContinuationToken }),
        );
        const Objects = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (Objects.length > 0) {
          const deleted = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects } }));
          if (deleted.Errors?.length) throw new Error(`S3 kept ${deleted.Errors.length} files of ${taskId}`);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
      } catch (error) {
        throw describe(error);
      }
    },
    close: () => client.destroy(),
  };
}
