/**
 * The few statistics the timing evidence needs: a distribution's summary, and two two-sample
 * tests of whether two sets of durations come from the same distribution (Mann–Whitney U, with
 * the normal approximation and its tie correction; Kolmogorov–Smirnov, with the asymptotic
 * distribution). Both p-values are two-sided and fit samples of a few dozen and more.
 */
import { percentile } from './bench-report.js';

export interface Summary {
  n: number;
  min: number;
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  stdev: number;
}

export function summary(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  const mean = sorted.reduce((sum, x) => sum + x, 0) / n;
  const variance = sorted.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1);
  const at = (p: number) => percentile(sorted, p);
  return {
    n,
    min: sorted[0]!,
    p10: at(0.1),
    p25: at(0.25),
    p50: at(0.5),
    p75: at(0.75),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted[n - 1]!,
    mean,
    stdev: Math.sqrt(variance),
  };
}

/** The complementary error function, to a relative error below 1.2e-7 (Numerical Recipes' erfcc). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const c = [
    -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398,
    1.48851587, -0.82215223, 0.17087277,
  ];
  const poly = c.reduceRight((sum, coefficient) => coefficient + t * sum, 0);
  const r = t * Math.exp(-z * z + poly);
  return x >= 0 ? r : 2 - r;
}

/** Mann–Whitney U of `a` against `b`: U of `a`, z with continuity and tie corrections, p. */
export function mannWhitney(a: readonly number[], b: readonly number[]) {
  const all = [...a.map((x) => ({ x, first: true })), ...b.map((x) => ({ x, first: false }))];
  all.sort((p, q) => p.x - q.x);
  const n1 = a.length;
  const n2 = b.length;
  const n = n1 + n2;
  let rankSumA = 0;
  let ties = 0;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && all[j + 1]!.x === all[i]!.x) j++;
    const rank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) if (all[k]!.first) rankSumA += rank;
    const t = j - i + 1;
    ties += t ** 3 - t;
    i = j + 1;
  }
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1))));
  const z = (Math.abs(u - mean) - 0.5) / sigma;
  return { u, z: Math.sign(u - mean) * Math.max(0, z), p: Math.min(1, erfc(z / Math.SQRT2)) };
}

/** Two-sample Kolmogorov–Smirnov: D (the largest gap of the two CDFs) and its asymptotic p. */
export function kolmogorovSmirnov(a: readonly number[], b: readonly number[]) {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const next = Math.min(x[i]!, y[j]!);
    while (i < x.length && x[i] === next) i++;
    while (j < y.length && y[j] === next) j++;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  const ne = Math.sqrt((x.length * y.length) / (x.length + y.length));
  const lambda = (ne + 0.12 + 0.11 / ne) * d;
  let p = 0;
  for (let k = 1; k <= 100; k++) p += 2 * (-1) ** (k - 1) * Math.exp(-2 * k * k * lambda * lambda);
  return { d, p: Math.min(1, Math.max(0, lambda < 0.2 ? 1 : p)) };
}
