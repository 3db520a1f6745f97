import { Worker } from 'node:worker_threads';
import type { RenderedFile, RenderJob } from './render-job.ts';

type Reply = { id: number; file?: Omit<RenderedFile, 'data'> & { data: Uint8Array }; error?: string };
interface Pending {
  resolve: (file: RenderedFile) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread that renders development-engine results, started on first use and not
 * keeping the process alive. Jobs queue in the worker; a crashed worker fails its jobs and is
 * replaced on the next call.
 */
export function createRenderPool() {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  };

  const start = () => {
    const created = new Worker(new URL('./render-worker.ts', import.meta.url));
    created.unref();
    created.on('message', ({ id, file, error }: Reply) => {
      const job = pending.get(id);
      if (!job) return;
      pending.delete(id);
      if (file)
        job.resolve({
          ...file,
          data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
        });
      else job.reject(new Error(error ?? 'Rendering failed'));
      if (pending.size === 0) created.unref();
    });
    created.on('error', failAll);
    created.on('exit', () => {
      if (worker === created) failAll(new Error('The render worker stopped'));
    });
    return created;
  };

  return {
    render(job: RenderJob): Promise<RenderedFile> {
      worker ??= start();
      worker.ref();
      const id = nextId++;
      const result = new Promise<RenderedFile>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, job });
      return result;
    },
    async close() {
      const running = worker;
      worker = undefined;
      await running?.terminate();
      // A job still waiting would never settle, and whoever awaits it (the task pump's stop) would hang shutdown.
      failAll(new Error('The render pool was closed'));
    },
  };
}
