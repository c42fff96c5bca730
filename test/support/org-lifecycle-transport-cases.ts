import { stateChanges } from './project-lifecycle-transport-cases.js';
import type { Case, Fixtures } from './transport-cases.js';

/** The cases of an organization's life that test/integration/transports.test.ts sends. */

export type OrgLifecycleOperation = 'AddOrg' | 'UpdateOrg' | 'DeactivateOrg' | 'ReactivateOrg';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];
const changed = { code: 0, shape: DETAILS };

/** The instance owner, acting on the transport's spare organization. */
const onSpare = (f: Fixtures) => ({ token: f.admin.token, orgId: f.spareOrgId });

/** A change of the spare organization by the instance owner, and what it answers. */
const spareCase = (
  operation: OrgLifecycleOperation,
  name: string,
  expected: Case['expected'],
): Case => ({ name, operation, request: () => ({}), caller: onSpare, expected });

/**
 * In this order on each transport: an organization added (then its name refused), the spare
 * organization renamed, deactivated and reactivated (each then refused by the state it left),
 * and the instance owner's own organization, which holds the last IAM_OWNER, kept active.
 */
export const ORG_LIFECYCLE_CASES: Case[] = [
  {
    name: 'a new organization',
    operation: 'AddOrg',
    request: (f) => ({ name: `${f.prefix} org added` }),
    caller: (f) => ({ token: f.admin.token }),
    expected: { code: 0, shape: ['id', ...DETAILS, 'details.creationDate'] },
  },
  {
    name: 'a new organization with a taken name',
    operation: 'AddOrg',
    request: (f) => ({ name: ` ${f.prefix.toUpperCase()} ORG ADDED ` }),
    caller: (f) => ({ token: f.admin.token }),
    expected: { code: 6, errorId: 'ORG-NAME-ALREADY-EXISTS' },
  },
  {
    name: 'a new organization with a blank name',
    operation: 'AddOrg',
    request: () => ({ name: '   ' }),
    caller: (f) => ({ token: f.admin.token }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['name'] },
  },
  {
    name: 'a new organization, by an ORG_OWNER',
    operation: 'AddOrg',
    request: (f) => ({ name: `${f.prefix} org of an owner` }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: 'an organization renamed',
    operation: 'UpdateOrg',
    request: (f) => ({ name: `${f.prefix} org renamed` }),
    caller: onSpare,
    expected: changed,
  },
  {
    name: 'an organization renamed to a taken name',
    operation: 'UpdateOrg',
    request: (f) => ({ name: `${f.prefix} ORG ADDED` }),
    caller: onSpare,
    expected: { code: 6, errorId: 'ORG-NAME-ALREADY-EXISTS' },
  },
  {
    name: 'an organization renamed, by its ORG_OWNER',
    operation: 'UpdateOrg',
    request: (f) => ({ name: `${f.prefix} org of its owner` }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  ...stateChanges('Org', 'organization', 'ORG', spareCase),
  {
    name: 'a deactivation of the organization of the last instance owner',
    operation: 'DeactivateOrg',
    request: () => ({}),
    caller: (f) => ({ token: f.admin.token, orgId: f.admin.orgId }),
    expected: { code: 9, errorId: 'ORG-HOLDS-LAST-INSTANCE-OWNER' },
  },
];
