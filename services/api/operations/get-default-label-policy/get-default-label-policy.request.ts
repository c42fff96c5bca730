import type { LabelPolicyView } from '../../queries/label-policy-queries.js';

export type { GetDefaultLabelPolicyRequest } from './get-default-label-policy.request.generated.js';

export interface GetDefaultLabelPolicyResponse {
  policy: LabelPolicyView;
}
