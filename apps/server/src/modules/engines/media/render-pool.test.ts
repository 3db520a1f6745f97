import { describe, expect, it } from 'vitest';
import { createRenderPool } from './render-pool.ts';

describe('the render pool', () => {
  it('renders a job, and fails a job still running when it is closed instead of leaving it pending', async () => {
    const pool = createRenderPool();
    const job = {
      service: 'video',
      seed: 'seed',
      caption: 'closing',
      width: 640,
      height: 360,
      format: 'mp4',
    } as const;
    const first = await pool.render({ ...job, service: 'image', format: 'png' });
    expect(first.contentType).toBe('image/png');
    const inFlight = pool.render(job);
    await pool.close();
    await expect(inFlight).rejects.toThrow('The render pool was closed');
  });

  it('renders jobs on several threads at once, each picture the same bytes for the same job', async () => {
    const pool = createRenderPool(2);
    const job = {
      service: 'image',
      seed: 'abc123',
      caption: 'twice',
      width: 1024,
      height: 576,
      format: 'png',
    } as const;
    const files = await Promise.all([
      pool.render(job),
      pool.render(job),
      pool.render({ ...job, seed: 'other' }),
    ]);
    await pool.close();
    const [first, second, other] = files.map((file) => file.data);
    expect(first?.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(first?.equals(second as Buffer)).toBe(true);
    expect(first?.equals(other as Buffer)).toBe(false);
  });
});
