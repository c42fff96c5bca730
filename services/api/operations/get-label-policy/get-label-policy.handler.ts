import { storedPolicies } from '../../queries/label-policy-queries.js';
import { INSTANCE_AGGREGATE } from '../instance-aggregate.js';
import type { OperationContext } from '../operation.js';
import type { GetLabelPolicyResponse } from './get-label-policy.request.js';

/**
 * The policy the organization's pages show: its own where it is set, else the instance default
 * (`isDefault`), as ZITADEL answers it. No ETag: the policy may be the default's.
 */
export async function getLabelPolicy({
  deps,
  orgId,
}: OperationContext): Promise<GetLabelPolicyResponse> {
  const policies = await storedPolicies(deps.dataSource, { orgId, instance: INSTANCE_AGGREGATE });
  const policy = policies.own ?? policies.default;
  return { policy, isDefault: policy.isDefault };
}
