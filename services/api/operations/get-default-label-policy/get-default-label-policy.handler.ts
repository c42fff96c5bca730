import { storedPolicies } from '../../queries/label-policy-queries.js';
import { INSTANCE_AGGREGATE } from '../instance-aggregate.js';
import type { OperationContext } from '../operation.js';
import type { GetDefaultLabelPolicyResponse } from './get-default-label-policy.request.js';

/** The instance default; where it is not set (or reset), the service's own look. */
export async function getDefaultLabelPolicy({
  deps,
}: OperationContext): Promise<GetDefaultLabelPolicyResponse> {
  const policies = await storedPolicies(deps.dataSource, { instance: INSTANCE_AGGREGATE });
  return { policy: policies.default };
}
