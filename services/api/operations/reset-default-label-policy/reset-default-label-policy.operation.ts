import schema from '../../../../schemas/requests/reset-label-policy.schema.json' with { type: 'json' };
import { resetLabelPolicy } from '../label-policies.js';
import { operation } from '../operation.js';

/** Resets the instance's default label policy: the pages take the service's own look. */
export const resetDefaultLabelPolicyOperation = operation(
  'identity.management.v1.ManagementService/ResetDefaultLabelPolicy',
  'DELETE /management/v1/policies/label/default',
  { permission: 'instance.policy.write', schema, handle: resetLabelPolicy('instance') },
);
