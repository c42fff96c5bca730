import schema from '../../../../schemas/requests/list-login-policy-idps.schema.json' with { type: 'json' };
import { listLoginPolicyIDPs } from './list-login-policy-idps.handler.js';
import { operation } from '../operation.js';

/**
 * The providers the login policy the target organization follows offers, read from the policies
 * as written (no read model holds them).
 */
export const listLoginPolicyIDPsOperation = operation(
  'identity.management.v1.ManagementService/ListLoginPolicyIDPs',
  'POST /management/v1/policies/login/idps/_search',
  { permission: 'policy.read', schema, handle: listLoginPolicyIDPs('organization') },
);
