import schema from '../../../../schemas/requests/remove-idp-from-login-policy.schema.json' with { type: 'json' };
import { policyIdpNotFound, removeIdpFromLoginPolicy } from '../login-policy-changes.js';
import { operation } from '../operation.js';

/** The instance default login policy offers a provider no more (`instance.login.policy.idp.removed`). */
export const adminRemoveIDPFromLoginPolicyOperation = operation(
  'identity.admin.v1.AdminService/RemoveIDPFromLoginPolicy',
  'DELETE /admin/v1/policies/login/idps/:idpId',
  { permission: 'instance.policy.write', schema, handle: removeIdpFromLoginPolicy('instance') },
  [policyIdpNotFound()],
  'AdminRemoveIDPFromLoginPolicy',
);
