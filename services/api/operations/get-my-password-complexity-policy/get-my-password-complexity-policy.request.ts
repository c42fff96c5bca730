export type { GetMyPasswordComplexityPolicyRequest } from './get-my-password-complexity-policy.request.generated.js';

/** ZITADEL's PasswordComplexityPolicy, as far as this service has one: the instance's. */
export interface PasswordComplexityPolicy {
  /** A uint64: a decimal string in JSON. */
  minLength: string;
  hasUppercase: boolean;
  hasLowercase: boolean;
  hasNumber: boolean;
  hasSymbol: boolean;
  /** Always true: no organization has a policy of its own. */
  isDefault: boolean;
}

export interface GetMyPasswordComplexityPolicyResponse {
  policy: PasswordComplexityPolicy;
}
