import schema from '../../../../schemas/requests/get-login-policy.schema.json' with { type: 'json' };
import { getLoginPolicy } from './get-login-policy.handler.js';
import { operation } from '../operation.js';

/**
 * The login policy the target organization follows (its own, or the instance default), read
 * from the policies as written (no read model holds them).
 */
export const getLoginPolicyOperation = operation(
  'identity.management.v1.ManagementService/GetLoginPolicy',
  'GET /management/v1/policies/login',
  { permission: 'policy.read', schema, handle: getLoginPolicy },
);
