import type { LabelPolicyView } from '../../queries/label-policy-queries.js';

export type { GetMyLabelPolicyRequest } from './get-my-label-policy.request.generated.js';

export interface GetMyLabelPolicyResponse {
  policy: LabelPolicyView;
}
