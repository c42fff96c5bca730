import schema from '../../../../schemas/requests/get-default-login-policy.schema.json' with { type: 'json' };
import { getDefaultLoginPolicy } from './get-default-login-policy.handler.js';
import { operation } from '../operation.js';

/**
 * The instance's default login policy, for an organization's administrators, read from the
 * policies as written (no read model holds them); its ETag is the policy's sequence.
 */
export const getDefaultLoginPolicyOperation = operation(
  'identity.management.v1.ManagementService/GetDefaultLoginPolicy',
  'GET /management/v1/policies/default/login',
  { permission: 'policy.read', schema, handle: getDefaultLoginPolicy },
);
