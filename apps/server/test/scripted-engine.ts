import { deflateSync } from 'node:zlib';
import type { Engine, JobState, LinkedinResult, MediaInput } from '../src/modules/engines/engine.ts';
import { UpstreamRejected, UpstreamUnavailable } from '../src/modules/engines/engine.ts';

/** A 1x1 PNG, enough for the gateway to store and serve. */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An engine the gateway tests steer through the request itself: a prompt (or Sora URL, or
 * LinkedIn username) containing `fail` fails upstream, `pending` never finishes, `unavailable`
 * cannot be started. Counts every upstream start, so tests can prove nothing ran twice.
 */
export function createScriptedEngine(): Engine & {
  starts: number;
  scrapes: number;
  attempts: Map<string, number>;
} {
  const jobs = new Map<string, MediaInput>();
  const textOf = (input: MediaInput) =>
    input.service === 'sora' ? input.request.video_url : input.request.prompt;
  const engine = {
    name: 'local' as const,
    isDevelopmentEngine: true,
    starts: 0,
    scrapes: 0,
    /** Start attempts per task id (refused ones too), for a test to watch its own task among others. */
    attempts: new Map<string, number>(),
    async startJob(input: MediaInput, options: { taskId: string }) {
      engine.attempts.set(options.taskId, (engine.attempts.get(options.taskId) ?? 0) + 1);
      if (textOf(input).includes('unavailable')) throw new UpstreamUnavailable('upstream busy', 50);
      engine.starts += 1;
      jobs.set(options.taskId, input);
      return { upstreamId: `up-${options.taskId}` };
    },
    async pollJob(_service: string, upstreamId: string): Promise<JobState> {
      const input = jobs.get(upstreamId.slice(3));
      if (!input) return { state: 'failed', reason: 'unknown job' };
      const text = textOf(input);
      if (text.includes('pending')) return { state: 'pending' };
      if (text.includes('fail')) return { state: 'failed', reason: 'The model refused the prompt' };
      const isImage = input.service === 'image';
      return {
        state: 'succeeded',
        files: [
          isImage
            ? { kind: 'bytes', data: tinyPng(), contentType: 'image/png', extension: 'png' }
            : {
                kind: 'bytes',
                data: Buffer.from('not really an mp4'),
                contentType: 'video/mp4',
                extension: 'mp4',
              },
        ],
      };
    },
    async scrapeLinkedin(request: { username: string; limit: number }): Promise<LinkedinResult> {
      engine.scrapes += 1;
      if (request.username.includes('fail')) throw new UpstreamRejected('Profile not found');
      return {
        profile: {
          username: request.username,
          name: 'Test Person',
          profileUrl: `https://www.linkedin.com/in/${request.username}`,
        },
        posts: Array.from({ length: request.limit }, (_, index) => ({
          id: `post-${index}`,
          url: `https://www.linkedin.com/feed/update/${index}`,
          text: `Post ${index}`,
          postedAt: new Date(0).toISOString(),
          author: { name: 'Test Person', username: request.username },
          stats: { likes: index, comments: 0, reposts: 0 },
        })),
        paginationToken: 'next-page',
      };
    },
  };
  return engine;
}
