import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time per call, by process, over a run's measured window: what a change to the gateway costs
 * or saves where, even when the machine is slower one day than another (req/s moves with the
 * machine; CPU per call much less, and it says who spent it). Read from /proc, so Linux only:
 * elsewhere every figure is null.
 */

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessStat {
  pid: number;
  name: string;
  parent: number;
  /** CPU time used so far by all its threads, in ms. */
  cpuMs: number;
}

/** What /proc/<pid>/stat says of a process; undefined once it is gone (or where there is no /proc). */
function statOf(pid: number): ProcessStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces: the other fields are counted from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      parent: Number(fields[1]),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

/** Every running process (none where there is no /proc). */
function processes(): ProcessStat[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const stat = /^\d+$/.test(entry) ? statOf(Number(entry)) : undefined;
    return stat ? [stat] : [];
  });
}

/** This process: the load generator (autocannon, or a client loop). */
export const thisProcess = () => [process.pid];

/** Every PostgreSQL process on this machine (the embedded server's, or the one DATABASE_URL names). */
export const postgresPids = () =>
  processes()
    .filter((running) => running.name === 'postgres')
    .map((running) => running.pid);

/** `pid` and every process it started, and they started (a cluster's primary and its workers). */
export function withDescendants(pid: number | undefined): () => number[] {
  return () => {
    if (pid === undefined) return [];
    const all = processes();
    const found = [pid];
    for (let index = 0; index < found.length; index += 1) {
      for (const running of all) if (running.parent === found[index]) found.push(running.pid);
    }
    return found;
  };
}

/**
 * The PostgreSQL server whose data directory holds `pidFile` (its `postmaster.pid`) and every
 * backend it started: on a machine where other PostgreSQL servers run (other people's tests), only
 * the bench's own database counts. Without the file (a DATABASE_URL server), every PostgreSQL process.
 */
export function postgresServerOf(pidFile: string): () => number[] {
  let server: (() => number[]) | undefined;
  return () => {
    if (!server) {
      try {
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        server = Number.isInteger(pid) && pid > 0 ? withDescendants(pid) : postgresPids;
      } catch {
        server = postgresPids;
      }
    }
    return server();
  };
}

/** The processes of each part of a run, asked at each end of the window (backends come and go). */
export type CpuParts = Record<string, () => number[]>;
/** CPU ms per call of each part, rounded to the microsecond; null where /proc could not say. */
export type CpuPerCall = Record<string, number | null>;

function snapshot(parts: CpuParts): Map<string, Map<number, number>> {
  return new Map(
    Object.entries(parts).map(([part, pids]) => [
      part,
      new Map(
        pids().flatMap((pid) => {
          const stat = statOf(pid);
          return stat ? [[pid, stat.cpuMs] as const] : [];
        }),
      ),
    ]),
  );
}

/**
 * Starts measuring `parts`; `perCall(calls)` then answers each part's CPU ms per call since the
 * start. A process that started during the window counts whole; one that ended is left out.
 */
export function startCpuMeter(parts: CpuParts) {
  const before = snapshot(parts);
  return {
    perCall(calls: number): CpuPerCall {
      const after = snapshot(parts);
      return Object.fromEntries(
        Object.keys(parts).map((part) => {
          const ended = after.get(part) ?? new Map<number, number>();
          if (ended.size === 0 || calls === 0) return [part, null];
          let used = 0;
          for (const [pid, ms] of ended) used += ms - (before.get(part)?.get(pid) ?? 0);
          return [part, Math.round((used / calls) * 1000) / 1000];
        }),
      );
    },
  };
}

/** "server 0.12, postgres 0.09, load 0.04": each part's CPU per call, where /proc could tell. */
export function cpuText(cpu: CpuPerCall): string {
  return Object.entries(cpu)
    .flatMap(([part, ms]) => (ms === null ? [] : [`${part} ${ms}`]))
    .join(', ');
}

/** A load run as the API benches' tables show it (bench/api.ts, bench/request-log.ts). */
export interface LoadRunRow {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  cpuMsPerCall: CpuPerCall;
}

/** The header and the rows of a table of load runs, one row a run. */
export const loadRunTable = (runs: LoadRunRow[]): [string[], unknown[][]] => [
  ['run', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'CPU ms per call'],
  runs.map((r) => [
    r.name,
    r.requestsPerSecond,
    r.p50Ms,
    r.p99Ms,
    r.errors,
    r.non2xx,
    cpuText(r.cpuMsPerCall),
  ]),
];
