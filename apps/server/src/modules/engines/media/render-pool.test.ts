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
});
