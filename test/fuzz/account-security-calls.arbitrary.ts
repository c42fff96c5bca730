import fc from 'fast-check';
import { callsAs } from './calls-as.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { ValidCall } from './valid-calls.arbitrary.js';

/**
 * The account page's TOTP and session operations: the owner's TOTP factor added (again and
 * again: each a new pending secret), confirmed with codes an arbitrary rarely gets right (each
 * wrong one counted against the owner's name), removed; sessions listed and ended (the fixtures
 * have none, so one named is not found).
 */
export function accountSecurityCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const as = callsAs(fixtures);
  const caller = fc.constantFrom(fixtures.member.token, fixtures.owner.token);
  const recent = fixtures.recentlySignedIn;
  return fc.oneof(
    caller.map((token) => as('ListMyAuthFactors', token)({})),
    fc.constant(as('AddMyAuthFactorOTP', recent)({})),
    fc.stringMatching(/^\d{6}$/).map((code) => as('VerifyMyAuthFactorOTP', recent)({ code })),
    fc.constant(as('RemoveMyAuthFactorOTP', recent)({})),
    caller.map((token) => as('ListMyUserSessions', token)({})),
    fc.stringMatching(/^[\w-]{1,64}$/).map((id) => as('EndMyUserSession')({ id })),
    caller.map((token) => as('EndAllMyUserSessions', token)({})),
  );
}
