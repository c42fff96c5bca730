import type { OperationContext } from '../operation.js';
import type { GetMyPasswordComplexityPolicyResponse } from './get-my-password-complexity-policy.request.js';

/** The rules a new password must meet: the configured policy (PASSWORD_MIN_LENGTH and the rest). */
export async function getMyPasswordComplexityPolicy({
  deps,
}: OperationContext): Promise<GetMyPasswordComplexityPolicyResponse> {
  const policy = deps.config.passwordPolicy;
  return {
    policy: {
      minLength: String(policy.minLength),
      hasUppercase: policy.requireUppercase,
      hasLowercase: policy.requireLowercase,
      hasNumber: policy.requireDigit,
      hasSymbol: policy.requireSymbol,
      isDefault: true,
    },
  };
}
