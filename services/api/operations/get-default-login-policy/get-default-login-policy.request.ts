import type { LoginPolicyView } from '../../queries/login-policy-queries.js';

export type { GetDefaultLoginPolicyRequest } from './get-default-login-policy.request.generated.js';

export interface GetDefaultLoginPolicyResponse {
  policy: LoginPolicyView;
}
