import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { closedLoops, percentile } from './closed-loops.ts';
import type { CpuParts, LoadRunRow } from './cpu-meter.ts';

/**
 * Run (f): what the gateway adds to a sync call. The same image call twice against a fake kie.ai
 * whose tasks finish exactly 200 ms after they are created (fake-kie-timed.ts): once through the
 * gateway (key, rate limit, debit, task row, kie's create call, the wait for kie's signed
 * callback, recordInfo, the result stored, the answer; then the client downloads the result from
 * us), and once straight to the fake, doing what any direct kie.ai client must: create the task,
 * wait for its callback, read recordInfo, download the result. Both with the same client loop,
 * `connections` calls in flight. The overhead is the difference of the percentiles.
 */

/** One load run's numbers, whether autocannon's (bench/api.ts) or `runLoops`'. */
export type LoopResult = LoadRunRow;

/**
 * `connections` loops calling `once` back to back for `durationS` (after a warm-up), timed per
 * call; the CPU per call of `parts` over the timed part.
 */
export async function runLoops(
  name: string,
  once: () => Promise<void>,
  { connections, durationS, warmupS }: { connections: number; durationS: number; warmupS: number },
  parts: CpuParts,
): Promise<LoopResult> {
  const { latencies, errors, cpuPerCall } = await closedLoops(
    once,
    { loops: connections, warmupS, durationS },
    parts,
  );
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    name,
    requestsPerSecond: Math.round(latencies.length / durationS),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    errors,
    non2xx: 0,
    cpuMsPerCall: cpuPerCall,
  };
}

/** A receiver for the fake's callbacks to the direct client: resolves each task's wait. */
export async function startCallbackReceiver(port: number) {
  const waiting = new Map<string, () => void>();
  const early = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const taskId = (JSON.parse(Buffer.concat(chunks).toString() || '{}') as { data?: { taskId?: string } })
        .data?.taskId;
      response.end('{"received":true}');
      if (!taskId) return;
      const resolve = waiting.get(taskId);
      if (resolve) {
        waiting.delete(taskId);
        resolve();
      } else early.add(taskId);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/callback`,
    wait: (taskId: string) =>
      new Promise<void>((resolve) => {
        if (early.delete(taskId)) resolve();
        else waiting.set(taskId, resolve);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The bench's fake kie.ai takes this many creates, and as many recordInfo reads, in any second
 * (fake-kie-timed.ts): far above kie.ai's own 20 creates per 10 s, so run (f) measures the gateway.
 */
export const FAKE_KIE_PER_SECOND = 1_000;
export const FAKE_KIE_KEY = `bench-kie-${randomBytes(8).toString('hex')}`;
export const FAKE_KIE_HMAC = `bench-hmac-${randomBytes(16).toString('hex')}`;
const IMAGE_INPUT = { prompt: 'a lighthouse at dusk', output_format: 'png', image_size: '1:1' };

/** One call as a direct kie.ai client makes it: create, wait for the callback, recordInfo, download. */
export function directCall(fakeUrl: string, receiver: Awaited<ReturnType<typeof startCallbackReceiver>>) {
  const headers = { authorization: `Bearer ${FAKE_KIE_KEY}`, 'content-type': 'application/json' };
  return async () => {
    const created = (await (
      await fetch(`${fakeUrl}/api/v1/jobs/createTask`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: 'google/nano-banana', callBackUrl: receiver.url, input: IMAGE_INPUT }),
      })
    ).json()) as { data: { taskId: string } };
    const { taskId } = created.data;
    await receiver.wait(taskId);
    const record = (await (
      await fetch(`${fakeUrl}/api/v1/jobs/recordInfo?taskId=${taskId}`, { headers })
    ).json()) as { data: { state: string; resultJson: string } };
    if (record.data.state !== 'success') throw new Error(`direct call: ${record.data.state}`);
    const [url] = (JSON.parse(record.data.resultJson) as { resultUrls: string[] }).resultUrls;
    await (await fetch(url as string)).arrayBuffer();
  };
}

/** One sync image call through the gateway, then the result downloaded from us. */
export function gatewayCall(serverUrl: string, apiKey: string) {
  return async () => {
    const response = await fetch(`${serverUrl}/api/provider/image`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: IMAGE_INPUT.prompt, image_size: IMAGE_INPUT.image_size }),
    });
    const answer = (await response.json()) as { success: boolean; data?: { resultUrls?: string[] } };
    const url = answer.data?.resultUrls?.[0];
    if (!answer.success || !url) throw new Error(`gateway call: ${response.status}`);
    await (await fetch(url)).arrayBuffer();
  };
}
