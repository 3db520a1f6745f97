import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Client } from '../src/modules/files/s3-store.ts';
import { parseConfig } from '../src/platform/config.ts';

export interface TestS3 {
  /** The variables that point a server at this store (STORAGE=s3 and the SDK's own). */
  env: Record<string, string>;
  /** Every object key in the bucket, prefix included. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, spoken to
 * path-style with fixed credentials the way MinIO is.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'conduit-s3-'));
  const bucket = `results-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const env = {
    STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_PREFIX: 'conduit',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    // s3rver's built-in credentials.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = s3Client(parseConfig(env));
  return {
    env,
    async keys() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
