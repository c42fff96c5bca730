import schema from '../../../../schemas/requests/list-login-policy-idps.schema.json' with { type: 'json' };
import { listLoginPolicyIDPs } from '../list-login-policy-idps/list-login-policy-idps.handler.js';
import { operation } from '../operation.js';

/** The providers the instance default login policy offers, read from the policies as written. */
export const adminListLoginPolicyIDPsOperation = operation(
  'identity.admin.v1.AdminService/ListLoginPolicyIDPs',
  'POST /admin/v1/policies/login/idps/_search',
  { permission: 'instance.policy.read', schema, handle: listLoginPolicyIDPs('instance') },
  undefined,
  'AdminListLoginPolicyIDPs',
);
