import type { Figures, Row } from './measure.js';
import type { Lag } from './event-lag.js';

/** Each operation's requests/s as a share of the raw limit at the same concurrency. */
export function ratios(
  rows: Row[],
): { operation: string; transport: string; concurrency: number; ofRawLimit: number }[] {
  return rows
    .filter((row) => row.operation !== 'RawImportTransaction')
    .map((row) => {
      const raw = rows.find(
        (r) => r.operation === 'RawImportTransaction' && r.concurrency === row.concurrency,
      );
      return {
        operation: row.operation,
        transport: row.transport,
        concurrency: row.concurrency,
        ofRawLimit: raw
          ? Math.round((row.requestsPerSecond / raw.requestsPerSecond) * 100) / 100
          : NaN,
      };
    });
}

/**
 * The machine's speed while a row was measured, as a share of the fastest probe of the run:
 * "0.62" ran at 62% of the speed the run saw at best.
 */
export function relativeSpeed(row: Figures, fastest: number): string {
  return row.machineSpeed === undefined || fastest === 0
    ? '—'
    : (row.machineSpeed / fastest).toFixed(2);
}

export function printTables(results: {
  rows: Row[];
  ratios: ReturnType<typeof ratios>;
  eventLag: Lag[];
  isolation?: {
    updateProjectAlone: Figures;
    updateProjectBesideClearPasswordImports: Figures;
    p99Ratio: number;
  };
}): void {
  console.log(
    '\noperation              transport  callers  requests/s  p50 ms  p99 ms  p99.9 ms  errors  of raw  CPU ms/op  trailers ms  speed',
  );
  const fastest = Math.max(...results.rows.map((row) => row.machineSpeed ?? 0));
  for (const row of results.rows) {
    const ratio = results.ratios.find(
      (r) =>
        r.operation === row.operation &&
        r.transport === row.transport &&
        r.concurrency === row.concurrency,
    );
    console.log(
      [
        row.operation.padEnd(22),
        row.transport.padEnd(9),
        String(row.concurrency).padStart(7),
        String(row.requestsPerSecond).padStart(11),
        String(row.p50).padStart(7),
        String(row.p99).padStart(7),
        String(row.p999).padStart(9),
        String(row.errors).padStart(7),
        ratio ? `${Math.round(ratio.ofRawLimit * 100)}%`.padStart(7) : '      —',
        String(row.cpuMsPerOperation?.total ?? '—').padStart(10),
        String(row.trailersWaitMs ?? '').padStart(12),
        relativeSpeed(row, fastest).padStart(6),
      ].join(' '),
    );
  }
  const { eventLag, isolation } = results;
  for (const lag of eventLag)
    console.log(
      `\nevent lag at ${lag.writesPerSecond} writes/s (achieved ${lag.achievedPerSecond}/s): commit→broker p50 ${lag.commitToBrokerMs.p50} ms, p99 ${lag.commitToBrokerMs.p99} ms; commit→consumer p50 ${lag.commitToConsumerMs.p50} ms, p99 ${lag.commitToConsumerMs.p99} ms; commit→read model p50 ${lag.commitToReadModelMs.p50} ms, p99 ${lag.commitToReadModelMs.p99} ms`,
    );
  if (isolation)
    console.log(
      `isolation: Update Project p99 ${isolation.updateProjectAlone.p99} ms alone, ${isolation.updateProjectBesideClearPasswordImports.p99} ms beside clear-password imports (${isolation.p99Ratio}x)`,
    );
}
