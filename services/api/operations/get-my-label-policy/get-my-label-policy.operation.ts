import schema from '../../../../schemas/requests/get-my-label-policy.schema.json' with { type: 'json' };
import { getMyLabelPolicy } from './get-my-label-policy.handler.js';
import { operation } from '../operation.js';

/**
 * The label policy of the caller's organization, or the instance default it falls back to: what
 * the account page is branded with. ZITADEL's GetMyLabelPolicy.
 */
export const getMyLabelPolicyOperation = operation(
  'identity.auth.v1.AuthService/GetMyLabelPolicy',
  'GET /auth/v1/policies/label',
  { permission: 'authenticated', schema, handle: getMyLabelPolicy },
);
