import { readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodePath from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { newId } from '../../platform/ids.ts';
import { filesDir } from './fs-store.ts';
import { storeResultFile } from './result-files.ts';
import { createResultStore } from './result-store.ts';

/**
 * The same answers whichever driver holds the files (this machine's disk, or a real S3-compatible
 * server), and whether or not the process still keeps a file it stored lately in memory.
 */
describe.each([
  { driver: 'fs', recentMb: '0' },
  { driver: 's3', recentMb: '0' },
  { driver: 'fs', recentMb: '32' },
  { driver: 's3', recentMb: '32' },
] as const)(
  'result files on $driver, $recentMb MB kept in memory: GET /files/:taskId/:name',
  ({ driver, recentMb }) => {
    let runtime: TestRuntime;
    let s3: TestS3 | undefined;
    beforeAll(async () => {
      s3 = driver === 's3' ? await startTestS3() : undefined;
      runtime = await createTestRuntime(
        { ...s3?.env, RECENT_RESULTS_MB: recentMb },
        { engine: createScriptedEngine() },
      );
      expect(runtime.services.storage.kind).toBe(driver);
    });
    afterAll(async () => {
      await runtime.close();
      await s3?.close();
    });

    /** A stored result file of `size` known bytes; answers its path on our server. */
    async function storedFile(extension: string, size = 1000) {
      const data = Buffer.from(Array.from({ length: size }, (_, index) => index % 251));
      const url = await storeResultFile(runtime.services.storage, runtime.services.config, newId('task'), {
        kind: 'bytes',
        data,
        contentType: 'application/octet-stream',
        extension,
      });
      return { path: new URL(url).pathname, data };
    }

    const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      runtime.app.inject({ method, url, headers });

    it('answers the whole file with its content type, length and Accept-Ranges', async () => {
      const video = await storedFile('mp4');
      const whole = await get(video.path);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': '1000',
        'accept-ranges': 'bytes',
      });
      expect(whole.rawPayload.equals(video.data)).toBe(true);

      const image = await storedFile('png', 10);
      expect((await get(image.path)).headers['content-type']).toBe('image/png');
      const head = await get(video.path, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('1000');
      expect(head.body).toBe('');
    });

    it('answers thirty downloads of one file at once, each the whole file (its expiry read on several connections)', async () => {
      const video = await storedFile('mp4');
      const answers = await Promise.all(Array.from({ length: 30 }, () => get(video.path)));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.rawPayload.equals(video.data)).toBe(true);
      }
    });

    it('answers a byte range with 206 and Content-Range: start-end, start- and -suffix', async () => {
      const { path, data } = await storedFile('mp4');
      const cases: Array<[string, number, number]> = [
        ['bytes=0-9', 0, 9],
        ['bytes=990-', 990, 999],
        ['bytes=-5', 995, 999],
        ['bytes=500-1000000', 500, 999],
        // s3rver reads a range ending at byte 0 as open-ended (AWS S3, R2 and MinIO do not).
        ...(driver === 'fs' ? [['bytes=0-0', 0, 0] as [string, number, number]] : []),
        ['bytes=1-1', 1, 1],
      ];
      for (const [range, start, end] of cases) {
        const part = await get(path, { range });
        expect(part.statusCode, range).toBe(206);
        expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/1000`);
        expect(part.headers['content-length'], range).toBe(String(end - start + 1));
        expect(part.headers['content-type']).toBe('video/mp4');
        expect(part.rawPayload.equals(data.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it('refuses a range outside the file or a malformed byte range with 416 and the size', async () => {
      const { path } = await storedFile('mp4');
      for (const range of [
        'bytes=1000-',
        'bytes=5000-6000',
        'bytes=9-3',
        'bytes=-0',
        'bytes=abc',
        'bytes=-',
      ]) {
        const refused = await get(path, { range });
        expect(refused.statusCode, range).toBe(416);
        expect(refused.headers['content-range'], range).toBe('bytes */1000');
        expect(refused.json(), range).toMatchObject({
          code: 'RANGE_NOT_SATISFIABLE',
          requestId: expect.any(String),
        });
      }
    });

    it('answers the same version (ETag) and bytes as the store itself, kept in memory or not', async () => {
      const { path, data } = await storedFile('png', 300);
      const answer = await get(path);
      const [, taskId, name] = path.split('/').slice(1);
      const store = createResultStore({ ...runtime.services.config, RECENT_RESULTS_MB: 0 });
      try {
        expect(answer.headers.etag).toBe((await store.stat(`${taskId}/${name}`))?.etag);
        expect(answer.rawPayload.equals(data)).toBe(true);
      } finally {
        store.close();
      }
    });

    it('answers the whole file for another unit, several ranges, or an If-Range of another version', async () => {
      const { path, data } = await storedFile('mp4');
      const etag = (await get(path)).headers.etag as string;
      const cases: Array<Record<string, string>> = [
        { range: 'items=0-9' },
        { range: 'bytes=0-1,5-6' },
        { range: 'bytes=0-9', 'if-range': '"another-version"' },
      ];
      for (const headers of cases) {
        const whole = await get(path, headers);
        expect(whole.statusCode, JSON.stringify(headers)).toBe(200);
        expect(whole.rawPayload.equals(data)).toBe(true);
      }
      const sameVersion = await get(path, { range: 'bytes=0-9', 'if-range': etag });
      expect(sameVersion.statusCode).toBe(206);
    });

    it('never compresses (byte offsets stay true) and answers ?download=1 as an attachment', async () => {
      const json = await storedFile('json', 4000);
      const answer = await get(json.path, { 'accept-encoding': 'gzip, br' });
      expect(answer.headers['content-type']).toBe('application/json');
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.rawPayload.equals(json.data)).toBe(true);

      const download = await get(`${json.path}?download=1`);
      const [, taskId, name] = json.path.split('/').slice(1);
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${taskId}-${name}"`);
      expect((await get(json.path)).headers['content-disposition']).toBeUndefined();
    });

    it('streams a large upstream download into the store, and keeps nothing of one cut part-way', async () => {
      const size = 12 * 1024 * 1024 + 7;
      const payload = Buffer.alloc(size);
      for (let index = 0; index < size; index += 1) payload[index] = index % 253;
      // An upstream that sends in 1 MiB chunks without a length; /cut.mp4 dies after 6 MiB.
      const upstream = createServer((request, response) => {
        response.writeHead(200, { 'content-type': 'video/mp4' });
        const end = request.url === '/cut.mp4' ? 6 * 1024 * 1024 : size;
        const chunks = Array.from({ length: Math.ceil(end / 2 ** 20) }, (_, index) =>
          payload.subarray(index * 2 ** 20, Math.min(end, (index + 1) * 2 ** 20)),
        );
        const body = Readable.from(chunks);
        body.pipe(response, { end: false });
        body.on('end', () => (end === size ? response.end() : response.destroy()));
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      const { storage, config } = runtime.services;
      try {
        const url = await storeResultFile(storage, config, newId('task'), {
          kind: 'url',
          url: `${base}/big.mp4`,
        });
        const path = new URL(url).pathname;
        const whole = await get(path);
        expect(whole.headers['content-length']).toBe(String(size));
        expect(whole.rawPayload.equals(payload)).toBe(true);
        const tail = await get(path, { range: `bytes=${size - 10}-` });
        expect(tail.statusCode).toBe(206);
        expect(tail.rawPayload.equals(payload.subarray(size - 10))).toBe(true);

        const cutTask = newId('task');
        await expect(
          storeResultFile(storage, config, cutTask, { kind: 'url', url: `${base}/cut.mp4` }),
        ).rejects.toThrow();
        const left = s3
          ? (await s3.keys()).filter((key) => key.includes(cutTask))
          : await readdir(nodePath.join(filesDir(config), cutTask)).catch(() => []);
        expect(left).toEqual([]);
      } finally {
        upstream.close();
      }
    }, 60_000);

    it('answers 404 for an unknown file or a path outside the pattern', async () => {
      const { path } = await storedFile('mp4');
      const [, , taskId] = path.split('/');
      for (const url of [`/files/${taskId}/aaaaaaaaaaaaaaaaaaaa.mp4`, `/files/${taskId}/..%2F..%2Fsecret`]) {
        const missing = await get(url, { range: 'bytes=0-1' });
        expect(missing.statusCode, url).toBe(404);
      }
    });
  },
);
