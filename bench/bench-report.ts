import { KafkaBroker, reachable } from '../test/support/kafka-broker.js';
import os from 'node:os';

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** The value below which the share `p` (0–1) of `sorted` (ascending) lies; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

/** p50, p99 and max of a set of durations in ms. */
export function latencies(samples: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? NaN };
}

/** A bcrypt hash, as an import from another system carries it. */
export const BCRYPT = '$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy';

/** What a load process measured: every call's latency and how many failed. */
export interface LoadResult {
  /** The calls timed. */
  requests: number;
  /** Calls made before the clock started (`closedLoops`' openFirst): in the CPU, not the times. */
  warmCalls?: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  /** CPU ms the load process itself used over the loops (user + system). */
  clientCpuMs?: number;
  /** gRPC: the mean ms an answer's trailers came after its message (GrpcConnection). */
  trailersWaitMs?: number;
}

/**
 * `concurrency` loops for `seconds`, each making its next call (`i` counts a loop's calls) as
 * soon as its last one is answered; a call that throws or answers false is an error. With
 * `openFirst`, each loop's first call (`i` 0) is made before the clock starts, all at once, so
 * that every connection is open and accepted when it does: only its CPU counts (`warmCalls`).
 */
export async function closedLoops(
  concurrency: number,
  seconds: number,
  call: (loop: number, i: number) => Promise<boolean>,
  { openFirst = false }: { openFirst?: boolean } = {},
): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let errors = 0;
  const cpuAtStart = process.cpuUsage();
  if (openFirst)
    await Promise.all(
      Array.from({ length: concurrency }, (_, loop) => call(loop, 0).catch(() => false)),
    );
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let i = openFirst ? 1 : 0; performance.now() < until; i++) {
        const at = performance.now();
        const ok = await call(loop, i).catch(() => false);
        latenciesMs.push(performance.now() - at);
        if (!ok) errors++;
      }
    }),
  );
  return {
    requests: latenciesMs.length,
    warmCalls: openFirst ? concurrency : 0,
    errors,
    seconds: (performance.now() - started) / 1000,
    latenciesMs,
    clientCpuMs: cpuMsSince(cpuAtStart),
  };
}

/** CPU ms (user + system) this process used since `start` (a `process.cpuUsage()`). */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/** What the figures were measured on. */
export function machine(): Record<string, unknown> {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

/**
 * Starts `write` `rate` times a second for `seconds`, paced against the clock so a slow write
 * does not lower the rate, and waits for them all. Returns how many were started.
 */
export async function writeAtRate(
  rate: number,
  seconds: number,
  write: (index: number) => Promise<void>,
): Promise<number> {
  const started = Date.now();
  const writes: Promise<void>[] = [];
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate) - writes.length;
    for (let i = 0; i < due; i++) writes.push(write(writes.length));
    await sleep(5);
  }
  await Promise.all(writes);
  return writes.length;
}

/**
 * The broker `KAFKA_BROKERS` names when it answers, otherwise one started for this run (then
 * named in `KAFKA_BROKERS`); returns it when it was started here, for the run to remove.
 */
export async function brokerForRun(): Promise<KafkaBroker | undefined> {
  if (process.env.KAFKA_BROKERS && (await reachable(process.env.KAFKA_BROKERS))) return undefined;
  const broker = await KafkaBroker.start();
  process.env.KAFKA_BROKERS = broker.brokers;
  return broker;
}

/**
 * For a load process: when started with `--child <spec>`, runs `run` on the spec and prints its
 * result as one JSON line, then exits. When started with `--serve <spec>` (measure.ts's
 * LoadProcess), runs it once per message from its parent, the message's fields over the spec's,
 * and answers each with `{ result }` or `{ error }`; it ends when its parent lets go of it.
 */
export function runAsChild<S, R>(run: (spec: S) => Promise<R>): void {
  const [mode, argument] = process.argv.slice(2);
  if (mode === '--child')
    run(JSON.parse(argument!) as S).then(
      // Exit only once the pipe has taken all of it: a long result outgrows the pipe's buffer.
      (result) => process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  if (mode === '--serve') {
    const spec = JSON.parse(argument!) as S;
    process.on('message', (change: Partial<S>) => {
      run({ ...spec, ...change }).then(
        (result) => process.send!({ result }),
        (error: unknown) => process.send!({ error: String((error as Error)?.stack ?? error) }),
      );
    });
    process.on('disconnect', () => process.exit(0));
  }
}

/** Runs a bench script's `main`; a failure is printed and ends the process with 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
