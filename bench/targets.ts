/**
 * The figures the performance issue set, each beside what this run measured: the table
 * `npm run bench` ends with. A figure whose part did not run says so.
 */
import type { Lag } from './event-lag.js';
import type { Figures, Row } from './measure.js';
import { meanRate, type SeededResult } from './seeded.js';
import type { SignInResults } from './sign-in-bench.js';

export interface Target {
  figure: string;
  measured: string;
  target: string;
  /** Undefined where the target is to report the figure, or its part did not run. */
  met?: boolean;
}

const NOT_RUN = 'not measured in this run';

interface Results {
  rows: Row[];
  eventLag: Lag[];
  signIn?: SignInResults;
  seeded?: SeededResult;
}

const rowOf = (rows: Row[], operation: string, transport: string, concurrency: number) =>
  rows.find(
    (row) =>
      row.operation === operation && row.transport === transport && row.concurrency === concurrency,
  );

/** Each process's CPU per operation, then the total: "API+relay 0.9, worker 0.2, … = 1.8 ms". */
export function cpuLine(figures: Figures | undefined): string {
  const cpu = figures?.cpuMsPerOperation;
  if (!cpu) return NOT_RUN;
  const parts = Object.entries(cpu)
    .filter(([name]) => name !== 'total')
    .map(([name, ms]) => `${name} ${ms}`);
  return `${parts.join(', ')} = ${cpu.total} ms`;
}

function throughput(
  rows: Row[],
  operation: string,
  least: number,
  p99?: number,
): Pick<Target, 'measured' | 'met'> {
  const row = rowOf(rows, operation, 'JSON', 32);
  if (!row) return { measured: NOT_RUN };
  return {
    measured: `${row.requestsPerSecond}/s, p99 ${row.p99} ms`,
    met: row.requestsPerSecond >= least && (p99 === undefined || row.p99 <= p99),
  };
}

/** gRPC's requests/s over JSON's, for every operation and caller count both were measured at. */
function grpcAgainstJson(rows: Row[]): Pick<Target, 'measured' | 'met'> {
  const cells = rows
    .filter((row) => row.transport === 'gRPC')
    .flatMap((grpc) => {
      const json = rowOf(rows, grpc.operation, 'JSON', grpc.concurrency);
      return json
        ? [{ grpc, ratio: grpc.requestsPerSecond / Math.max(1, json.requestsPerSecond) }]
        : [];
    });
  if (cells.length === 0) return { measured: NOT_RUN };
  const below = cells.filter(({ ratio }) => ratio < 0.9);
  const lowest = cells.reduce((low, cell) => (cell.ratio < low.ratio ? cell : low));
  return {
    measured: `lowest ${lowest.ratio.toFixed(2)}× (${lowest.grpc.operation}, ${lowest.grpc.concurrency} callers); ${below.length} of ${cells.length} cells below 0.9×, ${cells.filter(({ ratio }) => ratio >= 1).length} at or above 1×`,
    met: below.length === 0,
  };
}

export function targets({ rows, eventLag, signIn, seeded }: Results): Target[] {
  const hashedImport = rowOf(rows, 'ImportHashedPassword', 'JSON', 32);
  const lag = eventLag.find((entry) => entry.writesPerSecond === 1000);
  const cpu = hashedImport?.cpuMsPerOperation?.total;
  return [
    {
      figure: 'Import with hashedPassword, JSON, 32 callers',
      target: '≥ 1,000/s, p99 ≤ 100 ms',
      ...throughput(rows, 'ImportHashedPassword', 1000, 100),
    },
    {
      figure: 'Update Project, JSON, 32 callers',
      target: '≥ 1,200/s',
      ...throughput(rows, 'UpdateProject', 1200),
    },
    {
      figure: 'Update My Profile, JSON, 32 callers',
      target: '≥ 1,200/s',
      ...throughput(rows, 'UpdateMyProfile', 1200),
    },
    {
      figure: 'CPU per hashed import (JSON, 32 callers), every process',
      target: '≤ 1.8 ms',
      measured: cpuLine(hashedImport),
      met: cpu === undefined ? undefined : cpu <= 1.8,
    },
    {
      figure: 'gRPC against JSON, every operation and caller count',
      target: 'none below 0.9×',
      ...grpcAgainstJson(rows),
    },
    {
      figure: 'commit→broker p99 at 1,000 writes/s',
      target: '≤ 100 ms',
      measured: lag
        ? `${lag.commitToBrokerMs.p99} ms (achieved ${lag.achievedPerSecond}/s)`
        : NOT_RUN,
      met: lag ? lag.commitToBrokerMs.p99 <= 100 : undefined,
    },
    {
      figure: `Imports with ${seeded?.users.toLocaleString('en') ?? '1,000,000'} users stored, against an empty database`,
      target: '≥ 90%',
      measured: seeded
        ? `${Math.round(seeded.ratio * 100)}% (${meanRate(seeded.seeded)}/s against ${meanRate(seeded.empty)}/s, each the mean of two runs taken in turn)`
        : NOT_RUN,
      met: seeded ? seeded.ratio >= 0.9 : undefined,
    },
    ...(signIn?.rows ?? []).map((row) => ({
      figure: `Password sign-ins, ${row.concurrency} callers`,
      target: 'reported',
      measured: `${row.signIns.requestsPerSecond}/s, p99 ${row.signIns.p99} ms, CPU ${row.signIns.cpuMsPerOperation?.total ?? '—'} ms per sign-in`,
    })),
  ];
}

export function printTargets(list: Target[]): void {
  console.log('\nThe targets (the performance issue) and this run:');
  const width = Math.max(...list.map((t) => t.figure.length));
  const targetWidth = Math.max(...list.map((t) => t.target.length));
  for (const { figure, target, measured, met } of list) {
    const verdict = met === undefined ? '' : met ? 'met' : 'NOT MET';
    console.log(
      `${figure.padEnd(width)}  ${target.padEnd(targetWidth)}  ${verdict.padEnd(7)}  ${measured}`,
    );
  }
}
