import schema from '../../../../schemas/requests/get-default-login-policy.schema.json' with { type: 'json' };
import { getDefaultLoginPolicy } from '../get-default-login-policy/get-default-login-policy.handler.js';
import { operation } from '../operation.js';

/**
 * The instance's default login policy through the admin API (ZITADEL's admin GetLoginPolicy),
 * as GetDefaultLoginPolicy answers it; its ETag is the policy's sequence.
 */
export const adminGetLoginPolicyOperation = operation(
  'identity.admin.v1.AdminService/GetLoginPolicy',
  'GET /admin/v1/policies/login',
  { permission: 'instance.policy.read', schema, handle: getDefaultLoginPolicy },
  undefined,
  'AdminGetLoginPolicy',
);
