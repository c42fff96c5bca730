import schema from '../../../../schemas/requests/remove-idp-from-login-policy.schema.json' with { type: 'json' };
import { policyIdpNotFound, removeIdpFromLoginPolicy } from '../login-policy-changes.js';
import { operation } from '../operation.js';

/**
 * The target organization's login policy offers a provider no more
 * (`org.login.policy.idp.removed`; on first use its own policy is made first).
 */
export const removeIDPFromLoginPolicyOperation = operation(
  'identity.management.v1.ManagementService/RemoveIDPFromLoginPolicy',
  'DELETE /management/v1/policies/login/idps/:idpId',
  { permission: 'policy.write', schema, handle: removeIdpFromLoginPolicy('organization') },
  [policyIdpNotFound()],
);
