import schema from '../../../../schemas/requests/set-label-policy.schema.json' with { type: 'json' };
import { labelPolicyChange, policyOf } from '../label-policies.js';
import { operation } from '../operation.js';

/** Sets the target organization's label policy whole (`org.label.policy.changed`). */
export const setLabelPolicyOperation = operation(
  'identity.management.v1.ManagementService/SetLabelPolicy',
  'PUT /management/v1/policies/label',
  { permission: 'policy.write', schema, handle: labelPolicyChange('organization', policyOf) },
);
