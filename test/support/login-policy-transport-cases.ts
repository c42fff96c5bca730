import { LISTED } from './org-read-transport-cases.js';
import type { Case, Fixtures } from './transport-cases.js';

/** The cases of the login policies that test/integration/transports.test.ts sends. */

/** The admin API's by their names (Admin<Method> where the management API has the method's). */
export type LoginPolicyOperation =
  | 'GetLoginPolicy'
  | 'GetDefaultLoginPolicy'
  | 'AddCustomLoginPolicy'
  | 'UpdateCustomLoginPolicy'
  | 'ResetLoginPolicyToDefault'
  | 'AddIDPToLoginPolicy'
  | 'RemoveIDPFromLoginPolicy'
  | 'ListLoginPolicyIDPs'
  | 'AdminGetLoginPolicy'
  | 'UpdateLoginPolicy'
  | 'AdminAddIDPToLoginPolicy'
  | 'AdminRemoveIDPFromLoginPolicy'
  | 'AdminListLoginPolicyIDPs';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];
const changed = { code: 0, shape: DETAILS };
const made = { code: 0, shape: [...DETAILS, 'details.creationDate'] };
const asAdmin = (f: Fixtures) => ({ token: f.admin.token });

/**
 * In this order on each transport, in the owner's organization of its own: the policy read while
 * it follows the default, a provider of the organization offered (which makes its own policy),
 * refusals, its flags, the list, the provider taken away, the reset and a new own policy; then the
 * instance default: the transport's own instance provider offered, listed and taken away, the
 * flags set, and the organization's owner refused.
 */
export const LOGIN_POLICY_CASES: Case[] = [
  {
    name: 'the policy an organization follows: the default',
    operation: 'GetLoginPolicy',
    request: () => ({}),
    expected: { code: 0, shape: ['isDefault', 'policy'] },
  },
  {
    name: 'the default, through the management API',
    operation: 'GetDefaultLoginPolicy',
    request: () => ({}),
    expected: { code: 0, shape: ['policy'] },
  },
  {
    name: 'a provider of the organization offered, its own policy made',
    operation: 'AddIDPToLoginPolicy',
    request: (f) => ({ idpId: f.idpId, ownerType: 'IDP_OWNER_TYPE_ORG' }),
    expected: made,
  },
  {
    name: 'a provider offered already',
    operation: 'AddIDPToLoginPolicy',
    request: (f) => ({ idpId: f.idpId }),
    expected: { code: 6, errorId: 'LOGIN-POLICY-IDP-ALREADY-EXISTS' },
  },
  {
    name: 'a provider of the instance named as the organization’s',
    operation: 'AddIDPToLoginPolicy',
    request: (f) => ({ idpId: f.instanceIdpId, ownerType: 'IDP_OWNER_TYPE_ORG' }),
    expected: { code: 5, errorId: 'IDP-NOT-FOUND' },
  },
  {
    name: 'an empty provider id',
    operation: 'AddIDPToLoginPolicy',
    request: () => ({ idpId: '' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['idpId'] },
  },
  {
    name: 'no provider id',
    operation: 'AddIDPToLoginPolicy',
    request: () => ({}),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['idpId'] },
    overProtoSaysAs: 'an empty provider id',
  },
  {
    name: 'an own policy where there is one',
    operation: 'AddCustomLoginPolicy',
    request: () => ({ allowUsernamePassword: true }),
    expected: { code: 6, errorId: 'LOGIN-POLICY-ALREADY-EXISTS' },
  },
  {
    name: 'the own policy’s flags',
    operation: 'UpdateCustomLoginPolicy',
    request: () => ({ allowUsernamePassword: true }),
    expected: changed,
  },
  {
    name: 'the providers the organization’s policy offers',
    operation: 'ListLoginPolicyIDPs',
    request: () => ({ query: { limit: 10 } }),
    expected: { code: 0, shape: LISTED },
  },
  {
    name: 'a provider taken away',
    operation: 'RemoveIDPFromLoginPolicy',
    request: (f) => ({ idpId: f.idpId }),
    expected: changed,
  },
  {
    name: 'a provider not offered taken away',
    operation: 'RemoveIDPFromLoginPolicy',
    request: (f) => ({ idpId: f.idpId }),
    expected: { code: 5, errorId: 'LOGIN-POLICY-IDP-NOT-FOUND' },
  },
  {
    name: 'the own policy reset',
    operation: 'ResetLoginPolicyToDefault',
    request: () => ({}),
    expected: changed,
  },
  {
    name: 'an own policy made whole',
    operation: 'AddCustomLoginPolicy',
    request: () => ({ allowExternalIdp: true }),
    expected: made,
  },
  {
    name: 'the default, for an IAM_OWNER',
    operation: 'AdminGetLoginPolicy',
    request: () => ({}),
    caller: asAdmin,
    expected: { code: 0, shape: ['policy'] },
  },
  {
    name: 'a provider of the instance offered by the default',
    operation: 'AdminAddIDPToLoginPolicy',
    request: (f) => ({ idpId: f.instanceIdpId }),
    caller: asAdmin,
    expected: changed,
  },
  {
    name: 'a provider of an organization offered by the default',
    operation: 'AdminAddIDPToLoginPolicy',
    request: (f) => ({ idpId: f.idpId }),
    caller: asAdmin,
    expected: { code: 5, errorId: 'IDP-NOT-FOUND' },
  },
  {
    name: 'the providers the default offers',
    operation: 'AdminListLoginPolicyIDPs',
    request: () => ({}),
    caller: asAdmin,
    expected: { code: 0, shape: LISTED },
  },
  {
    name: 'a provider of the instance taken away from the default',
    operation: 'AdminRemoveIDPFromLoginPolicy',
    request: (f) => ({ idpId: f.instanceIdpId }),
    caller: asAdmin,
    expected: changed,
  },
  {
    name: 'the default’s flags',
    operation: 'UpdateLoginPolicy',
    request: () => ({ allowUsernamePassword: true, allowExternalIdp: true }),
    caller: asAdmin,
    expected: changed,
  },
  {
    name: 'the default’s flags, by an ORG_OWNER',
    operation: 'UpdateLoginPolicy',
    request: () => ({ allowUsernamePassword: true }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
];
