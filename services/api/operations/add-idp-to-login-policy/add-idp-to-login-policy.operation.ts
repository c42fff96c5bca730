import schema from '../../../../schemas/requests/add-idp-to-login-policy.schema.json' with { type: 'json' };
import { addIdpToLoginPolicy, idpNotFound, policyIdpExists } from '../login-policy-changes.js';
import { operation } from '../operation.js';

/**
 * The target organization's login policy offers a provider of the organization or of the
 * instance too (`org.login.policy.idp.added`; on first use its own policy is made first).
 */
export const addIDPToLoginPolicyOperation = operation(
  'identity.management.v1.ManagementService/AddIDPToLoginPolicy',
  'POST /management/v1/policies/login/idps',
  { permission: 'policy.write', schema, handle: addIdpToLoginPolicy('organization') },
  [idpNotFound(), policyIdpExists()],
);
