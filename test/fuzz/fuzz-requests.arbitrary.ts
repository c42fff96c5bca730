import fc from 'fast-check';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { FuzzRequest } from './fuzz-request.js';
import { grpcRequests } from './grpc-requests.arbitrary.js';
import { grpcWebRequests } from './grpc-web-requests.arbitrary.js';
import { jsonRequests } from './json-requests.arbitrary.js';
import { signInFormRequests } from './sign-in-form-requests.arbitrary.js';

const built = new WeakMap<FuzzFixtures, fc.Arbitrary<FuzzRequest>>();

/**
 * Every request the fuzzer sends: JSON a little more often than each gRPC transport, and the
 * sign-in surface's forms. Built once
 * per fixtures: building fast-check's string arbitraries costs more than drawing from them.
 */
export function fuzzRequests(fixtures: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  let arbitrary = built.get(fixtures);
  if (!arbitrary) {
    arbitrary = fc.oneof(
      { weight: 4, arbitrary: jsonRequests(fixtures) },
      { weight: 3, arbitrary: grpcRequests(fixtures) },
      { weight: 3, arbitrary: grpcWebRequests(fixtures) },
      // The sign-in surface's forms: HTTP/1.1 too, counted with JSON.
      { weight: 1, arbitrary: signInFormRequests(fixtures) },
    );
    built.set(fixtures, arbitrary);
  }
  return arbitrary;
}
