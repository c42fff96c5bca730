import schema from '../../../../schemas/requests/set-label-policy.schema.json' with { type: 'json' };
import { labelPolicyChange, policyOf } from '../label-policies.js';
import { operation } from '../operation.js';

/** Sets the instance's default label policy whole (`instance.label.policy.changed`). */
export const setDefaultLabelPolicyOperation = operation(
  'identity.management.v1.ManagementService/SetDefaultLabelPolicy',
  'PUT /management/v1/policies/label/default',
  { permission: 'instance.policy.write', schema, handle: labelPolicyChange('instance', policyOf) },
);
