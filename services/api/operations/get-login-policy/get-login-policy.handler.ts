import { storedLoginPolicies } from '../../queries/login-policy-queries.js';
import { INSTANCE_AGGREGATE } from '../instance-aggregate.js';
import type { OperationContext } from '../operation.js';
import type { GetLoginPolicyResponse } from './get-login-policy.request.js';

/**
 * The login policy the organization follows: its own where it has one, else the instance default
 * (`isDefault`), as ZITADEL answers it. No ETag: the policy may be the default's.
 */
export async function getLoginPolicy({
  deps,
  orgId,
}: OperationContext): Promise<GetLoginPolicyResponse> {
  const policies = await storedLoginPolicies(deps.dataSource, {
    orgId,
    instance: INSTANCE_AGGREGATE,
  });
  const policy = policies.own ?? policies.default;
  return { policy, isDefault: policy.isDefault };
}
