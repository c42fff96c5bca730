import { storedLoginPolicies } from '../../queries/login-policy-queries.js';
import { INSTANCE_AGGREGATE } from '../instance-aggregate.js';
import type { OperationContext } from '../operation.js';
import type { GetDefaultLoginPolicyResponse } from './get-default-login-policy.request.js';

/** The instance default; where it was never changed, the built-in default. */
export async function getDefaultLoginPolicy({
  deps,
}: OperationContext): Promise<GetDefaultLoginPolicyResponse> {
  const policies = await storedLoginPolicies(deps.dataSource, { instance: INSTANCE_AGGREGATE });
  return { policy: policies.default };
}
