import schema from '../../../../schemas/requests/get-default-label-policy.schema.json' with { type: 'json' };
import { getDefaultLabelPolicy } from './get-default-label-policy.handler.js';
import { operation } from '../operation.js';

/**
 * The instance's default label policy, read from the policies as written (no read model holds
 * them); its ETag is the policy's sequence.
 */
export const getDefaultLabelPolicyOperation = operation(
  'identity.management.v1.ManagementService/GetDefaultLabelPolicy',
  'GET /management/v1/policies/default/label',
  { permission: 'policy.read', schema, handle: getDefaultLabelPolicy },
);
