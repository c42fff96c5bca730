import schema from '../../../../schemas/requests/update-custom-login-policy.schema.json' with { type: 'json' };
import { updateLoginPolicy } from '../login-policy-changes.js';
import { operation } from '../operation.js';

/**
 * The target organization's own login policy's flags (`org.login.policy.changed`; on first use
 * `org.login.policy.added`, made from the instance default).
 */
export const updateCustomLoginPolicyOperation = operation(
  'identity.management.v1.ManagementService/UpdateCustomLoginPolicy',
  'PUT /management/v1/policies/login',
  { permission: 'policy.write', schema, handle: updateLoginPolicy('organization') },
);
