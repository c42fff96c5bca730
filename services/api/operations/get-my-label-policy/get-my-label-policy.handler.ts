import { storedPolicies } from '../../queries/label-policy-queries.js';
import { INSTANCE_AGGREGATE } from '../instance-aggregate.js';
import type { OperationContext } from '../operation.js';
import type { GetMyLabelPolicyResponse } from './get-my-label-policy.request.js';

/**
 * The label policy the caller's own pages show (the account page): their organization's where it
 * is set, else the instance default (`isDefault`), as a sign-in of no project shows it once the
 * person is known.
 */
export async function getMyLabelPolicy({
  deps,
  caller,
}: OperationContext): Promise<GetMyLabelPolicyResponse> {
  const policies = await storedPolicies(deps.dataSource, {
    orgId: caller.orgId,
    instance: INSTANCE_AGGREGATE,
  });
  return { policy: policies.own ?? policies.default };
}
