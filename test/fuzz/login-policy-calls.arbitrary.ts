import fc from 'fast-check';
import { callsAs } from './calls-as.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { ValidCall } from './valid-calls.arbitrary.js';

/** A login policy's flags as a request gives them, each one or none. */
const flags = fc.record(
  { allowUsernamePassword: fc.boolean(), allowExternalIdp: fc.boolean() },
  { requiredKeys: [] },
);

/**
 * The login policies: the owner's organization's (made, changed, reset; providers of the
 * organization, of the instance and unknown ones offered and taken away, so that adds succeed or
 * collide and removals find one or none) and the instance default as its owner (the admin API's).
 */
export function loginPolicyCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const as = callsAs(fixtures);
  const instanceOwner = fixtures.instanceOwner.token;
  const idpId = fc.constantFrom(fixtures.idpId, fixtures.instanceIdpId, fixtures.otherIdpId);
  const ownerType = fc.constantFrom(
    'IDP_OWNER_TYPE_UNSPECIFIED',
    'IDP_OWNER_TYPE_SYSTEM',
    'IDP_OWNER_TYPE_ORG',
  );
  const query = fc.record({ limit: fc.integer({ min: 0, max: 3 }), asc: fc.boolean() });
  return fc.oneof(
    fc.constant({}).map(as('GetLoginPolicy')),
    fc.constant({}).map(as('GetDefaultLoginPolicy')),
    flags.map(as('AddCustomLoginPolicy')),
    flags.map(as('UpdateCustomLoginPolicy')),
    fc.constant({}).map(as('ResetLoginPolicyToDefault')),
    fc.record({ idpId, ownerType }, { requiredKeys: ['idpId'] }).map(as('AddIDPToLoginPolicy')),
    fc.record({ idpId }).map(as('RemoveIDPFromLoginPolicy')),
    fc.record({ query }, { requiredKeys: [] }).map(as('ListLoginPolicyIDPs')),
    fc.constant({}).map(as('AdminGetLoginPolicy', instanceOwner)),
    flags.map(as('UpdateLoginPolicy', instanceOwner)),
    fc.record({ idpId }).map(as('AdminAddIDPToLoginPolicy', instanceOwner)),
    fc.record({ idpId }).map(as('AdminRemoveIDPFromLoginPolicy', instanceOwner)),
    fc.constant({}).map(as('AdminListLoginPolicyIDPs', instanceOwner)),
  );
}
