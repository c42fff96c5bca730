import schema from '../../../../schemas/requests/add-custom-login-policy.schema.json' with { type: 'json' };
import { addCustomLoginPolicy, loginPolicyExists } from '../login-policy-changes.js';
import { operation } from '../operation.js';

/**
 * The target organization's own login policy, made from the instance default
 * (`org.login.policy.added`).
 */
export const addCustomLoginPolicyOperation = operation(
  'identity.management.v1.ManagementService/AddCustomLoginPolicy',
  'POST /management/v1/policies/login',
  { permission: 'policy.write', schema, handle: addCustomLoginPolicy },
  [loginPolicyExists()],
);
