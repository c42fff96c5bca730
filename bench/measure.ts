/**
 * One measurement of `npm run bench`: load processes run as children (bench/load.ts or
 * bench/raw-load.ts), each after a warm-up of the same load, alone or in turn with the loads
 * it is compared with, and their figures.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { percentile, sleep, type LoadResult } from './bench-report.js';
import type { Fixtures, LoadSpec, Operation, Transport } from './load.js';
import { CpuProfile } from './cpu-profile.js';
import { machineSpeed } from './machine-speed.js';
import { CpuTally, type CpuPerOperation, type Watch } from './process-cpu.js';

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
  /** The machine's speed (bench/machine-speed.ts) when it was measured: the mean of its probes. */
  machineSpeed?: number;
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
 * A load process kept for several runs (bench-report.ts's `runAsChild`, `--serve`): its
 * connections stay open between them, as a client's pool does between bursts.
 */
class LoadProcess {
  private readonly process: ChildProcess;

  constructor(script: string, spec: unknown) {
    this.process = fork(script, ['--serve', JSON.stringify(spec)], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
  }

  /** One run, with `change` over the spec the process was started with. */
  run(change: { seconds: number; runId: string }): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      if (!this.process.connected) {
        reject(new Error(`the load process is gone (${this.process.exitCode})`));
        return;
      }
      const exited = (code: number | null) =>
        reject(new Error(`the load process exited (${code}) before it answered`));
      this.process.once('exit', exited);
      this.process.once('message', (answer: { result?: LoadResult; error?: string }) => {
        this.process.off('exit', exited);
        if (answer.result) resolve(answer.result);
        else reject(new Error(`the load process failed: ${answer.error}`));
      });
      this.process.send(change);
    });
  }

  stop(): void {
    if (this.process.connected) this.process.disconnect();
  }
}

/**
 * A warm-up of 1 s (with userNames of its own), then the measured run. Without `watch`, each in
 * a process of its own; with it, in one load process kept from the one to the other, the
 * machine's speed probed before the run, and each process's CPU per request over the measured
 * run and until its work settled too (`interleaved`, with this load alone).
 */
export async function measured<S extends { seconds: number; runId: string }>(
  script: string,
  spec: S,
  watch?: Watch,
): Promise<Figures> {
  if (!watch) {
    await child(script, { ...spec, seconds: 1, runId: `${spec.runId}w` });
    return figures(await child(script, spec));
  }
  return (await interleaved(script, [spec], watch, 1))[0]!;
}

/**
 * Loads that are to be compared, measured in turn: each in a load process of its own, kept for
 * the whole measurement, after a warm-up of 1 s each, `rounds` rounds in which each runs for its
 * share of its `seconds` (a different one first each round), the machine's speed probed before
 * each round. So the VM's changes of speed, which last from seconds to minutes, fall on all of
 * them alike. Each one's figures are over all its slices; its CPU per request over each slice
 * and until that slice's work settled.
 */
export async function interleaved<S extends { seconds: number; runId: string }>(
  script: string,
  specs: S[],
  watch: Watch,
  rounds: number,
): Promise<Figures[]> {
  const loads = specs.map((spec) => new LoadProcess(script, spec));
  const tallies = specs.map(() => new CpuTally(watch));
  const results: LoadResult[][] = specs.map(() => []);
  const speeds: number[] = [];
  try {
    for (const [index, load] of loads.entries())
      await load.run({ seconds: 1, runId: `${specs[index]!.runId}w` });
    for (let round = 0; round < rounds; round++) {
      await watch.settled?.();
      speeds.push(machineSpeed());
      for (let turn = 0; turn < specs.length; turn++) {
        const index = (round + turn) % specs.length;
        const slice = {
          seconds: specs[index]!.seconds / rounds,
          runId: `${specs[index]!.runId}s${round}`,
        };
        await watch.settled?.();
        results[index]!.push(
          await tallies[index]!.over(() => profile.around(() => loads[index]!.run(slice))),
        );
      }
    }
  } finally {
    for (const load of loads) load.stop();
  }
  const speed = Math.round((speeds.reduce((a, b) => a + b, 0) / speeds.length) * 10) / 10;
  return results.map((slices, index) => ({
    ...figures(joined(slices)),
    cpuMsPerOperation: tallies[index]!.perOperation(),
    machineSpeed: speed,
  }));
}

/** One load's slices as one result: their calls, times and errors together. */
function joined(slices: LoadResult[]): LoadResult {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const waits = slices.filter((slice) => slice.trailersWaitMs !== undefined);
  return {
    requests,
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    seconds: slices.reduce((sum, slice) => sum + slice.seconds, 0),
    latenciesMs: slices.flatMap((slice) => slice.latenciesMs),
    ...(waits.length > 0 && {
      trailersWaitMs:
        waits.reduce((sum, slice) => sum + slice.trailersWaitMs! * slice.requests, 0) /
        Math.max(
          1,
          waits.reduce((sum, slice) => sum + slice.requests, 0),
        ),
    }),
  };
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
