import schema from '../../../../schemas/requests/update-custom-login-policy.schema.json' with { type: 'json' };
import { updateLoginPolicy } from '../login-policy-changes.js';
import { operation } from '../operation.js';

/** The instance default login policy's flags (`instance.login.policy.changed`). */
export const adminUpdateLoginPolicyOperation = operation(
  'identity.admin.v1.AdminService/UpdateLoginPolicy',
  'PUT /admin/v1/policies/login',
  { permission: 'instance.policy.write', schema, handle: updateLoginPolicy('instance') },
);
