import type { LabelPolicyView } from '../../queries/label-policy-queries.js';

export type { GetLabelPolicyRequest } from './get-label-policy.request.generated.js';

export interface GetLabelPolicyResponse {
  policy: LabelPolicyView;
  /** The policy is the instance default: the organization has none of its own. */
  isDefault: boolean;
}
