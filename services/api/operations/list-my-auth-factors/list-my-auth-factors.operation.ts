import schema from '../../../../schemas/requests/list-my-auth-factors.schema.json' with { type: 'json' };
import { listMyAuthFactors } from './list-my-auth-factors.handler.js';
import { operation } from '../operation.js';

/** The ways the caller signs in, read from the tables written (no read model holds it). */
export const listMyAuthFactorsOperation = operation(
  'identity.auth.v1.AuthService/ListMyAuthFactors',
  'POST /auth/v1/users/me/auth_factors/_search',
  { permission: 'authenticated', schema, handle: listMyAuthFactors },
);
