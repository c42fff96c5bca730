import schema from '../../../../schemas/requests/reset-login-policy-to-default.schema.json' with { type: 'json' };
import { resetLoginPolicy } from '../login-policy-changes.js';
import { operation } from '../operation.js';

/**
 * The target organization's own login policy goes, with the providers it offers
 * (`org.login.policy.removed`): it follows the instance default.
 */
export const resetLoginPolicyToDefaultOperation = operation(
  'identity.management.v1.ManagementService/ResetLoginPolicyToDefault',
  'DELETE /management/v1/policies/login',
  { permission: 'policy.write', schema, handle: resetLoginPolicy },
);
