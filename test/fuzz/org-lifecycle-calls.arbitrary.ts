import fc from 'fast-check';
import { callsAs } from './calls-as.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import { unique, type ValidCall } from './valid-calls.arbitrary.js';

/**
 * The life of an organization. As the instance owner: new organizations (new names, and a few
 * that collide), and renames of the owner's organization or of an unknown one. Deactivation and
 * reactivation only as the ORG_OWNER, always refused: a changed `x-service-orgid` could otherwise
 * deactivate the fixtures' other organization, and the owner's holds the last instance owner.
 */
export function orgLifecycleCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const as = callsAs(fixtures);
  const instanceOwner = fixtures.instanceOwner.token;
  const name = fc.oneof(
    { weight: 3, arbitrary: unique.map((id) => `Fuzz org ${id}`) },
    { weight: 1, arbitrary: fc.constantFrom('Fuzz Org', ' fuzz org ', 'Gäste GmbH') },
  );
  const target = fc.constantFrom(undefined, '00000000-0000-0000-0000-000000000000');
  return fc.oneof(
    fc.record({ name }).map(as('AddOrg', instanceOwner)),
    fc
      .tuple(fc.record({ name }), target)
      .map(([message, orgId]) => ({ ...as('UpdateOrg', instanceOwner)(message), orgId })),
    fc.constant({}).map(as('DeactivateOrg')),
    fc.constant({}).map(as('ReactivateOrg')),
  );
}
