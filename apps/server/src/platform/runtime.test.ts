import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestRuntime } from '../../test/test-runtime.ts';

describe('graceful shutdown', () => {
  const runtimes: Array<Awaited<ReturnType<typeof createTestRuntime>>> = [];
  afterAll(async () => {
    for (const runtime of runtimes) await runtime.close().catch(() => {});
  });

  it('finishes a request in flight, then refuses new connections', async () => {
    const runtime = await createTestRuntime();
    runtimes.push(runtime);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const isInFlight = new Promise<void>((resolve) => {
      entered = resolve;
    });
    runtime.app.get('/api/probe/slow', async () => {
      entered();
      await released;
      return { finished: true };
    });
    await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = runtime.app.server.address() as { port: number };

    const inFlight = fetch(`http://127.0.0.1:${port}/api/probe/slow`);
    await isInFlight;
    const stopping = runtime.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await stopping;
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve('connected'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
