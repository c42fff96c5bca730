import schema from '../../../../schemas/requests/get-label-policy.schema.json' with { type: 'json' };
import { getLabelPolicy } from './get-label-policy.handler.js';
import { operation } from '../operation.js';

/**
 * The target organization's label policy, or the instance default it falls back to, read from
 * the policies as written (no read model holds them).
 */
export const getLabelPolicyOperation = operation(
  'identity.management.v1.ManagementService/GetLabelPolicy',
  'GET /management/v1/policies/label',
  { permission: 'policy.read', schema, handle: getLabelPolicy },
);
