import { decodedMessage } from './call-encodings.js';
import { showRequest, type FuzzRequest } from './fuzz-request.js';
import type { CampaignResult } from './fuzz-campaign.js';
import { PROPERTIES } from './fuzz-properties.js';

const replayCommand = (seed: number, index: number): string =>
  `npm run fuzz -- --seed ${seed} --replay ${index}`;

/** Whether every property held. */
export const passed = (result: CampaignResult): boolean =>
  result.failures.length === 0 && result.batchFailures.length === 0;

/** The figures without the requests, for a machine to read. */
export function figures(result: CampaignResult): object {
  return {
    seed: result.seed,
    from: result.from,
    requests: result.requests,
    durationSeconds: Math.round(result.durationMs / 100) / 10,
    perTransport: result.perTransport,
    livenessCalls: result.livenessCalls,
    serverErrors5xx: result.serverErrors,
    internalOrUnknown: result.internal,
    hangsOver5s: result.hangs,
    crashes: result.crashes,
    droppedConnections: result.dropped,
    unsendable: result.unsendable,
    distinctFailures: result.failures.length,
    batchFailures: result.batchFailures.length,
    observed: Object.fromEntries(Object.entries(result.observed).sort(([, a], [, b]) => b - a)),
  };
}

/** The message a protobuf request carries, when it decodes, as lines of a report. */
export function decoded(request: FuzzRequest): string[] {
  const message = decodedMessage(request);
  return message === undefined ? [] : [`   which decodes as ${message}`];
}

/** The distinct failures, each with its smallest request and the command that replays it. */
function failureReport(result: CampaignResult): string {
  const lines: string[] = [];
  result.failures.forEach((failure, i) => {
    const kinds = Object.entries(failure.kinds)
      .sort(([, a], [, b]) => b.count - a.count)
      .slice(0, 5)
      .map(([kind, { count, index }]) => `${kind} ×${count} (--replay ${index})`);
    lines.push(
      `${i + 1}. [${failure.property}] ${failure.observed}: ${failure.reason} (×${failure.count})`,
      `   most often in: ${kinds.join('; ')}`,
      `   smallest, request ${failure.smallest.index}: ${showRequest(failure.smallest.request)}`,
      ...decoded(failure.smallest.request),
      `   replay: ${replayCommand(result.seed, failure.smallest.index)}`,
    );
  });
  const batches = new Map<
    string,
    { count: number; first: (typeof result.batchFailures)[number] }
  >();
  for (const failure of result.batchFailures) {
    const key = `${failure.property}|${failure.reason.replace(/[0-9a-f-]{36}|\d+/g, 'N')}`;
    const seen = batches.get(key);
    if (seen) seen.count++;
    else batches.set(key, { count: 1, first: failure });
  }
  for (const { count, first } of batches.values()) {
    lines.push(
      `[${first.property}] ${first.reason} (×${count}; first in requests ${first.from}..${first.to})`,
      `   replay: npm run fuzz -- --seed ${result.seed} --from ${first.from} --requests ${first.to - first.from + 1}`,
    );
  }
  return lines.join('\n');
}

/** Everything a person wants at the end of a run: the figures, then the failures. */
export function campaignReport(result: CampaignResult): string {
  const seconds = result.durationMs / 1000;
  const table = Object.entries(result.observed)
    .sort(([, a], [, b]) => b - a)
    .map(([observed, count]) => `  ${String(count).padStart(8)}  ${observed}`);
  return [
    `seed ${result.seed}, requests ${result.from}..${result.from + result.requests - 1} ` +
      `(${result.requests}) in ${seconds.toFixed(1)} s, ${(result.requests / seconds).toFixed(0)} requests/s`,
    `per transport: json ${result.perTransport.json}, grpc ${result.perTransport.grpc}, ` +
      `grpc-web ${result.perTransport['grpc-web']} (and ${result.livenessCalls} valid imports after the batches)`,
    `5xx: ${result.serverErrors}   INTERNAL/UNKNOWN: ${result.internal}   hangs over 5 s: ${result.hangs}   ` +
      `crashes: ${result.crashes}   dropped connections: ${result.dropped}   unsendable: ${result.unsendable}`,
    'answers:',
    ...table,
    `properties: ${Object.values(PROPERTIES).join('; ')}`,
    passed(result)
      ? 'every property held'
      : `${result.failures.length} distinct failures, ${result.batchFailures.length} failed batch checks:\n${failureReport(result)}`,
  ].join('\n');
}
