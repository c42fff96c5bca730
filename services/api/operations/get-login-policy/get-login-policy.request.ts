import type { LoginPolicyView } from '../../queries/login-policy-queries.js';

export type { GetLoginPolicyRequest } from './get-login-policy.request.generated.js';

export interface GetLoginPolicyResponse {
  policy: LoginPolicyView;
  /** The policy is the instance default: the organization has none of its own. */
  isDefault: boolean;
}
