import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { machine } from './bench-report.js';
import { kolmogorovSmirnov, mannWhitney, summary, type Summary } from './statistics.js';

/** How many timed attempts of each kind, and untimed ones first: TIMING_SAMPLES, TIMING_WARM_UP. */
export const TIMING_RUN = {
  samples: Number(process.env.TIMING_SAMPLES ?? 200),
  warmUp: Number(process.env.TIMING_WARM_UP ?? 10),
};

/** What a timing prober found of each kind: the times (ms) and the distinct answers. */
export type TimingFindings<Kind extends string> = Record<Kind, { ms: number[]; answers: string[] }>;

/**
 * Prints the kinds' answer-time distributions side by side, and how each kind after the first
 * differs from the first: the medians and means, the Mann–Whitney U and Kolmogorov–Smirnov tests
 * of the two; then what each kind was answered.
 */
export function reportTimings<Kind extends string>(
  title: string,
  kinds: readonly Kind[],
  findings: TimingFindings<Kind>,
): void {
  const summaries = kinds.map((kind) => summary(findings[kind].ms));
  const rows: (keyof Summary)[] = ['n', 'min', 'p10', 'p25', 'p50', 'p75', 'p90', 'p99', 'max'];
  const width = Math.max(18, ...kinds.map((kind) => kind.length + 2));
  const cell = (value: number, key: string) =>
    (key === 'n' ? String(value) : value.toFixed(2)).padStart(width);
  const { cpus, cpu, node } = machine();
  console.log(`\n${title}; ${cpus} cores (${String(cpu)}), Node ${String(node)}\n`);
  console.log(`${''.padEnd(8)}${kinds.map((kind) => kind.padStart(width)).join('')}`);
  for (const key of [...rows, 'mean', 'stdev'] as (keyof Summary)[])
    console.log(`${key.padEnd(8)}${summaries.map((s) => cell(s[key], key)).join('')}`);
  const [first, ...others] = kinds;
  for (const [i, kind] of others.entries()) {
    const a = findings[first!].ms;
    const b = findings[kind].ms;
    const median = summaries[i + 1]!.p50 - summaries[0]!.p50;
    const mean = summaries[i + 1]!.mean - summaries[0]!.mean;
    const mw = mannWhitney(a, b);
    const ks = kolmogorovSmirnov(a, b);
    console.log(
      `\n${kind} − ${first!}: median ${median.toFixed(2)} ms, mean ${mean.toFixed(2)} ms`,
    );
    console.log(
      `Mann–Whitney U = ${mw.u} (of ${a.length * b.length}), z = ${mw.z.toFixed(2)}, two-sided p = ${mw.p.toPrecision(3)}`,
    );
    console.log(`Kolmogorov–Smirnov D = ${ks.d.toFixed(3)}, two-sided p = ${ks.p.toPrecision(3)}`);
  }
  for (const kind of kinds)
    console.log(`answers to ${kind}: ${findings[kind].answers.join(' | ')}`);
}

/**
 * Runs the bench module at `moduleUrl` again as the prober, in a process of its own (as a remote
 * one would be: in this process its reading of an answer would wait for what the service does
 * after answering), with `probe` and the orders as its arguments; answers what it found.
 */
export function probeApart<Orders, Findings>(moduleUrl: string, orders: Orders): Promise<Findings> {
  const child = fork(fileURLToPath(moduleUrl), ['probe', JSON.stringify(orders)]);
  return new Promise((resolve, reject) => {
    child.once('message', (findings) => resolve(findings as Findings));
    child.once('exit', (code) => reject(new Error(`the prober exited with ${code}`)));
  });
}

/**
 * The prober's run: `warmUp` untimed attempts of each kind, then `samples` timed ones of each,
 * interleaved in a random order, one at a time; each timed attempt's time and answer recorded.
 */
export async function probeInterleaved<Kind extends string>(
  kinds: readonly Kind[],
  { samples, warmUp }: { samples: number; warmUp: number },
  attempt: (kind: Kind) => Promise<{ ms: number; said: string }>,
): Promise<TimingFindings<Kind>> {
  const findings = {} as TimingFindings<Kind>;
  for (const kind of kinds) findings[kind] = { ms: [], answers: [] };
  for (let i = 0; i < warmUp; i++) for (const kind of kinds) await attempt(kind);
  for (const kind of shuffled(kinds.flatMap((kind) => Array<Kind>(samples).fill(kind)))) {
    const { ms, said } = await attempt(kind);
    findings[kind].ms.push(ms);
    if (!findings[kind].answers.includes(said)) findings[kind].answers.push(said);
  }
  return findings;
}

/** A copy of `items` in a random order (Fisher–Yates). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
