import schema from '../../../../schemas/requests/admin-add-idp-to-login-policy.schema.json' with { type: 'json' };
import { addIdpToLoginPolicy, idpNotFound, policyIdpExists } from '../login-policy-changes.js';
import { operation } from '../operation.js';

/** The instance default login policy offers a provider of the instance too (`instance.login.policy.idp.added`). */
export const adminAddIDPToLoginPolicyOperation = operation(
  'identity.admin.v1.AdminService/AddIDPToLoginPolicy',
  'POST /admin/v1/policies/login/idps',
  { permission: 'instance.policy.write', schema, handle: addIdpToLoginPolicy('instance') },
  [idpNotFound(), policyIdpExists()],
  'AdminAddIDPToLoginPolicy',
);
