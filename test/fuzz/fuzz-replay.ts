import fc from 'fast-check';
import { drawRequests, failureKey, type FuzzTarget } from './fuzz-campaign.js';
import { FuzzClient } from './fuzz-client.js';
import type { FuzzRequest } from './fuzz-request.js';
import { fuzzRequests } from './fuzz-requests.arbitrary.js';
import { judge, type Verdict } from './fuzz-properties.js';

interface Replay {
  request: FuzzRequest;
  verdict: Verdict;
  /** The smallest request fast-check found that fails the same way, when the request failed. */
  shrunk?: { request: FuzzRequest; verdict: Verdict; shrinks: number };
}

/**
 * Sends request `index` of `seed` again and, when it breaks a property, lets fast-check shrink
 * it (from the same seed and path) to the smallest request that breaks it the same way: the
 * same property, the same answer.
 */
export async function replay(target: FuzzTarget, seed: number, index: number): Promise<Replay> {
  const client = new FuzzClient(target.httpUrl, target.grpcAddress);
  try {
    const [request] = drawRequests(target.fixtures, seed, index, 1);
    const verdict = judge(request!, await client.send(request!), target.bodyLimit);
    const [violation] = verdict.violations;
    if (!violation) return { request: request!, verdict };
    const wanted = failureKey(violation, verdict);
    const property = fc.asyncProperty(fuzzRequests(target.fixtures), async (candidate) => {
      const candidateVerdict = judge(candidate, await client.send(candidate), target.bodyLimit);
      return !candidateVerdict.violations.some(
        (found) => failureKey(found, candidateVerdict) === wanted,
      );
    });
    const details = await fc.check(property, { seed, path: String(index), numRuns: 1 });
    if (!details.failed || !details.counterexample) return { request: request!, verdict };
    const [shrunk] = details.counterexample;
    return {
      request: request!,
      verdict,
      shrunk: {
        request: shrunk,
        verdict: judge(shrunk, await client.send(shrunk), target.bodyLimit),
        shrinks: details.numShrinks,
      },
    };
  } finally {
    client.close();
  }
}
