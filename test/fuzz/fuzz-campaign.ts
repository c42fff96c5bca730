import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { grpcRequest, grpcWebRequest, jsonRequest } from './call-encodings.js';
import { FuzzClient } from './fuzz-client.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import { requestSize, TRANSPORTS, type FuzzRequest, type Transport } from './fuzz-request.js';
import { fuzzRequests } from './fuzz-requests.arbitrary.js';
import { judge, type Property, type Verdict, type Violation } from './fuzz-properties.js';
import { snapshotStore, unexplainedChanges, type AcceptedWrites } from './stored-state.js';
import { livenessImport } from './valid-calls.arbitrary.js';

/** The service under test: where it answers, its database, what the requests refer to. */
export interface FuzzTarget {
  httpUrl: string;
  grpcAddress: string;
  db: DataSource;
  fixtures: FuzzFixtures;
  /** The service's REQUEST_BODY_LIMIT. */
  bodyLimit: number;
  /**
   * After each batch: whether the service's process ended since the last call (a crash), in
   * which case it has been started again (the addresses may have changed). In-process: never.
   */
  restartIfDown?(): Promise<boolean>;
}

interface CampaignOptions {
  seed: number;
  /** The index of the first request: request i is the same for a seed whatever `from` is. */
  from: number;
  requests: number;
  batchSize: number;
  /** Requests in flight at once. */
  concurrency: number;
  progress?: (line: string) => void;
}

/** One distinct failure: a property broken in the same way, however often. */
interface Failure {
  property: Property;
  observed: string;
  reason: string;
  count: number;
  /** Each kind of request (the generators that made it) that showed it: how often, and the first. */
  kinds: Record<string, { count: number; index: number }>;
  /** The smallest request that showed it, and its index for replaying. */
  smallest: { index: number; request: FuzzRequest; size: number };
}

/** A property of a batch (what was stored, whether the service still answers) that failed. */
interface BatchFailure {
  property: Property;
  from: number;
  to: number;
  reason: string;
}

export interface CampaignResult {
  seed: number;
  from: number;
  requests: number;
  durationMs: number;
  perTransport: Record<Transport, number>;
  /** How often each answer came, such as `grpc INVALID_ARGUMENT REQUEST-INVALID`. */
  observed: Record<string, number>;
  serverErrors: number;
  internal: number;
  hangs: number;
  dropped: number;
  crashes: number;
  unsendable: number;
  livenessCalls: number;
  failures: Failure[];
  batchFailures: BatchFailure[];
}

/** The requests `from`..`from + count - 1` of a seed, as fast-check's runner would draw them. */
export function drawRequests(
  fixtures: FuzzFixtures,
  seed: number,
  from: number,
  count: number,
): FuzzRequest[] {
  return fc.sample(fuzzRequests(fixtures), { seed, path: String(from), numRuns: count });
}

/** A failure's identity: the property, the answer, and the reason without its numbers. */
export const failureKey = (violation: Violation, verdict: Verdict): string =>
  `${violation.property}|${verdict.observed}|${violation.reason.replace(/\d+/g, 'N')}`;

export async function runCampaign(
  target: FuzzTarget,
  options: CampaignOptions,
): Promise<CampaignResult> {
  const started = performance.now();
  const result: CampaignResult = {
    seed: options.seed,
    from: options.from,
    requests: 0,
    durationMs: 0,
    perTransport: { json: 0, grpc: 0, 'grpc-web': 0 },
    observed: {},
    serverErrors: 0,
    internal: 0,
    hangs: 0,
    dropped: 0,
    crashes: 0,
    unsendable: 0,
    livenessCalls: 0,
    failures: [],
    batchFailures: [],
  };
  const failures = new Map<string, Failure>();
  let client = new FuzzClient(target.httpUrl, target.grpcAddress);
  const end = options.from + options.requests;
  const run = randomBytes(4).toString('hex');
  try {
    for (let from = options.from; from < end; from += options.batchSize) {
      const requests = drawRequests(
        target.fixtures,
        options.seed,
        from,
        Math.min(options.batchSize, end - from),
      );
      const to = from + requests.length - 1;
      const before = await snapshotStore(target.db, target.fixtures);
      const accepted: AcceptedWrites = { userIds: new Set(), sequences: new Set(), unanswered: 0 };
      await inParallel(requests, options.concurrency, async (request, i) => {
        const verdict = judge(request, await client.send(request), target.bodyLimit);
        record(result, failures, from + i, request, verdict);
        for (const userId of verdict.accepted?.userIds ?? []) accepted.userIds.add(userId);
        if (verdict.accepted?.sequence) accepted.sequences.add(verdict.accepted.sequence);
        if (verdict.unanswered) accepted.unanswered++;
        if (verdict.observed.endsWith(' USER-PASSWORD-INVALID'))
          accepted.wrongPasswords = (accepted.wrongPasswords ?? 0) + 1;
      });
      for (const reason of await unexplainedChanges(target.db, target.fixtures, before, accepted)) {
        result.batchFailures.push({ property: 'nothing-stored', from, to, reason });
      }
      if (await target.restartIfDown?.()) {
        result.crashes++;
        result.batchFailures.push({
          property: 'no-crash',
          from,
          to,
          reason: 'the service process ended during the batch',
        });
        client.close();
        client = new FuzzClient(target.httpUrl, target.grpcAddress);
      }
      for (const reason of await stillAnswers(client, target.fixtures, `alive-${run}-${from}`)) {
        result.livenessCalls++;
        if (reason) result.batchFailures.push({ property: 'still-answers', from, to, reason });
      }
      if (
        options.progress &&
        (to + 1 - options.from) % (options.batchSize * 10) < options.batchSize
      ) {
        options.progress(progressLine(result, failures.size, started));
      }
    }
  } finally {
    client.close();
  }
  result.durationMs = Math.round(performance.now() - started);
  result.failures = [...failures.values()].sort((a, b) => b.count - a.count);
  return result;
}

function record(
  result: CampaignResult,
  failures: Map<string, Failure>,
  index: number,
  request: FuzzRequest,
  verdict: Verdict,
): void {
  result.requests++;
  result.perTransport[request.transport]++;
  result.observed[verdict.observed] = (result.observed[verdict.observed] ?? 0) + 1;
  if (verdict.serverError) result.serverErrors++;
  if (verdict.internal) result.internal++;
  if (verdict.observed.endsWith(' hang')) result.hangs++;
  if (verdict.observed.includes(' dropped ')) result.dropped++;
  if (verdict.observed.includes(' unsendable')) result.unsendable++;
  for (const violation of verdict.violations) {
    const key = failureKey(violation, verdict);
    const size = requestSize(request);
    const failure = failures.get(key);
    if (!failure) {
      failures.set(key, {
        ...violation,
        observed: verdict.observed,
        count: 1,
        kinds: { [request.kind]: { count: 1, index } },
        smallest: { index, request, size },
      });
    } else {
      failure.count++;
      const kind = (failure.kinds[request.kind] ??= { count: 0, index });
      kind.count++;
      if (size < failure.smallest.size) failure.smallest = { index, request, size };
    }
  }
}

/** A valid import on every transport; one entry per call, empty when it succeeded. */
async function stillAnswers(
  client: FuzzClient,
  fixtures: FuzzFixtures,
  name: string,
): Promise<string[]> {
  const requests = [jsonRequest, grpcRequest, grpcWebRequest].map((encode, i) =>
    encode(livenessImport(fixtures, `${name}-${TRANSPORTS[i]}`)),
  );
  return Promise.all(
    requests.map(async (request) => {
      const verdict = judge(request, await client.send(request));
      return verdict.accepted?.userIds?.length
        ? ''
        : `a valid import over ${request.transport}: ${verdict.observed}`;
    }),
  );
}

async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

function progressLine(result: CampaignResult, distinct: number, started: number): string {
  const seconds = (performance.now() - started) / 1000;
  return (
    `${result.requests} requests in ${seconds.toFixed(0)} s (${(result.requests / seconds).toFixed(0)}/s): ` +
    `5xx ${result.serverErrors}, INTERNAL/UNKNOWN ${result.internal}, hangs ${result.hangs}, ` +
    `crashes ${result.crashes}, ${distinct} distinct failures, ${result.batchFailures.length} batch failures`
  );
}
