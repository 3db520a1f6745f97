import { type CpuParts, type CpuPerCall, startCpuMeter } from './cpu-meter.ts';

/** The `p`th percentile of ascending `sorted` values (0 for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

export interface ClosedLoopsResult {
  /** Each call's time, ms, ascending. */
  latencies: number[];
  errors: number;
  /** CPU ms per call of each part over the timed run. */
  cpuPerCall: CpuPerCall;
}

/**
 * `loops` loops calling `once` back to back, as clients in a closed loop do: a warm-up of
 * `warmupS` seconds, then `durationS` seconds timed per call, `parts`' CPU metered over them.
 * `logFirstError` prints the first failure (the rest are only counted).
 */
export async function closedLoops(
  once: () => Promise<unknown>,
  { loops, warmupS, durationS }: { loops: number; warmupS: number; durationS: number },
  parts: CpuParts,
  { logFirstError = false } = {},
): Promise<ClosedLoopsResult> {
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: loops }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            await once();
            latencies.push(performance.now() - started);
          } catch (error) {
            if (logFirstError && errors === 0) console.error(error);
            errors += 1;
          }
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), errors };
  };
  await run(warmupS);
  const meter = startCpuMeter(parts);
  const { latencies, errors } = await run(durationS);
  return { latencies, errors, cpuPerCall: meter.perCall(latencies.length + errors) };
}
