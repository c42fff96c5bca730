import schema from '../../../../schemas/requests/reset-label-policy.schema.json' with { type: 'json' };
import { resetLabelPolicy } from '../label-policies.js';
import { operation } from '../operation.js';

/** Resets the target organization's label policy: its pages fall back to the instance default. */
export const resetLabelPolicyOperation = operation(
  'identity.management.v1.ManagementService/ResetLabelPolicy',
  'DELETE /management/v1/policies/label',
  { permission: 'policy.write', schema, handle: resetLabelPolicy('organization') },
);
