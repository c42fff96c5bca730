import schema from '../../../../schemas/requests/get-my-password-complexity-policy.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { getMyPasswordComplexityPolicy } from './get-my-password-complexity-policy.handler.js';

export const getMyPasswordComplexityPolicyOperation = operation(
  'identity.auth.v1.AuthService/GetMyPasswordComplexityPolicy',
  'GET /auth/v1/policies/passwords/complexity',
  { permission: 'authenticated', schema, handle: getMyPasswordComplexityPolicy },
);
