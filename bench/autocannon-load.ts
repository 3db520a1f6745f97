import autocannon from 'autocannon';
import { type CpuParts, startCpuMeter } from './cpu-meter.ts';
import type { LoopResult } from './gateway-overhead.ts';

/** One load run's numbers without its name. */
export type LoadNumbers = Omit<LoopResult, 'name'>;

/**
 * autocannon on `options` with `connections` for `durationS` after a `warmupS` warm-up; the CPU
 * per call of `parts` over the measured part.
 */
export async function autocannonLoad(
  options: autocannon.Options,
  { connections, durationS, warmupS }: { connections: number; durationS: number; warmupS: number },
  parts: CpuParts,
): Promise<LoadNumbers> {
  await autocannon({ ...options, connections, duration: warmupS });
  const meter = startCpuMeter(parts);
  const result = await autocannon({ ...options, connections, duration: durationS });
  return {
    cpuMsPerCall: meter.perCall(result.requests.total),
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
