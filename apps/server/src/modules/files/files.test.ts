import { describe, expect, it } from 'vitest';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { newId } from '../../platform/ids.ts';
import { storeResultFile } from './result-files.ts';

const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

/** A stored result file of `size` known bytes; answers its path on our server. */
async function storedFile(extension: string, size = 1000) {
  const data = Buffer.from(Array.from({ length: size }, (_, index) => index % 251));
  const url = await storeResultFile(runtime.services.config, newId('task'), {
    kind: 'bytes',
    data,
    contentType: 'application/octet-stream',
    extension,
  });
  return { path: new URL(url).pathname, data };
}

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  runtime.app.inject({ method, url, headers });

describe('result files: GET /files/:taskId/:name', () => {
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

  it('answers a byte range with 206 and Content-Range: start-end, start- and -suffix', async () => {
    const { path, data } = await storedFile('mp4');
    const cases: Array<[string, number, number]> = [
      ['bytes=0-9', 0, 9],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=500-1000000', 500, 999],
      ['bytes=0-0', 0, 0],
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
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=9-3', 'bytes=-0', 'bytes=abc', 'bytes=-']) {
      const refused = await get(path, { range });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range'], range).toBe('bytes */1000');
      expect(refused.json(), range).toMatchObject({
        code: 'RANGE_NOT_SATISFIABLE',
        requestId: expect.any(String),
      });
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

  it('answers 404 for an unknown file or a path outside the pattern', async () => {
    const { path } = await storedFile('mp4');
    const [, , taskId] = path.split('/');
    for (const url of [`/files/${taskId}/aaaaaaaaaaaaaaaaaaaa.mp4`, `/files/${taskId}/..%2F..%2Fsecret`]) {
      const missing = await get(url, { range: 'bytes=0-1' });
      expect(missing.statusCode, url).toBe(404);
    }
  });
});
