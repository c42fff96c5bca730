/**
 * One measurement of `npm run bench`: a load process run as a child (bench/load.ts or
 * bench/raw-load.ts) after a warm-up of the same load, and its figures.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { percentile, sleep, type LoadResult } from './bench-report.js';
import type { Fixtures, LoadSpec, Operation, Transport } from './load.js';
import { CpuProfile } from './cpu-profile.js';
import { withCpu, type CpuPerOperation, type Watch } from './process-cpu.js';

export const LOAD_SCRIPT = fileURLToPath(new URL('./load.js', import.meta.url));
export const RAW_SCRIPT = fileURLToPath(new URL('./raw-load.js', import.meta.url));

/** The last measured run's profile, with BENCH_CPU_PROFILE. */
const profile = new CpuProfile();

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
  /** CPU ms per request of each process over the measured run, when they were watched. */
  cpuMsPerOperation?: CpuPerOperation;
  /** gRPC: the mean ms an answer's trailers came after its message. */
  trailersWaitMs?: number;
}

export interface Row extends Figures {
  operation: Operation | 'RawImportTransaction';
  transport: Transport | 'mysql2';
  concurrency: number;
}

function figures(result: LoadResult): Figures {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p) * 10) / 10;
  return {
    requestsPerSecond: Math.round(result.requests / result.seconds),
    p50: at(0.5),
    p99: at(0.99),
    p999: at(0.999),
    errors: result.errors,
    ...(result.trailersWaitMs !== undefined && {
      trailersWaitMs: Math.round(result.trailersWaitMs * 100) / 100,
    }),
  };
}

async function child<S>(script: string, spec: S): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [script, '--child', JSON.stringify(spec)],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

/**
 * A warm-up of 1 s (with userNames of its own), then the measured run; with `watch`, each
 * process's CPU per request over the measured run and until its work settled too.
 */
export async function measured<S extends { seconds: number; runId: string }>(
  script: string,
  spec: S,
  watch?: Watch,
): Promise<Figures> {
  await child(script, { ...spec, seconds: 1, runId: `${spec.runId}w` });
  if (!watch) return figures(await child(script, spec));
  await watch.settled?.();
  const { result, cpuMsPerOperation } = await withCpu(watch, () =>
    profile.around(() => child(script, spec)),
  );
  return { ...figures(result), cpuMsPerOperation };
}

interface Isolation {
  updateProjectAlone: Figures;
  updateProjectBesideClearPasswordImports: Figures;
  clearPasswordImports: Figures;
  p99Ratio: number;
}

/** Update Project's p99 alone, then while clear-password imports keep the hashers busy. */
export async function isolationOf(
  fixtures: Fixtures,
  runId: string,
  seconds: number,
): Promise<Isolation> {
  const projectLoad = (length: number): LoadSpec => ({
    operation: 'UpdateProject',
    transport: 'JSON',
    concurrency: 8,
    seconds: length,
    runId: `${runId}iso`,
    fixtures,
  });
  const alone = await measured(LOAD_SCRIPT, projectLoad(seconds));
  const hashing: LoadSpec = {
    operation: 'ImportClearPassword',
    transport: 'JSON',
    concurrency: 32,
    seconds: seconds + 2,
    runId: `${runId}hash`,
    fixtures,
  };
  const saturating = child(LOAD_SCRIPT, hashing);
  await sleep(1000);
  const beside = figures(await child(LOAD_SCRIPT, projectLoad(seconds)));
  const hashed = figures(await saturating);
  return {
    updateProjectAlone: alone,
    updateProjectBesideClearPasswordImports: beside,
    clearPasswordImports: hashed,
    p99Ratio: Math.round((beside.p99 / alone.p99) * 100) / 100,
  };
}
