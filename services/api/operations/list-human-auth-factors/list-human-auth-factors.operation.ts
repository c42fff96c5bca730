import schema from '../../../../schemas/requests/list-human-auth-factors.schema.json' with { type: 'json' };
import { userNotFound } from '../user-grants.js';
import { listHumanAuthFactors } from './list-human-auth-factors.handler.js';
import { operation } from '../operation.js';

/** The ways a person signs in, read from the tables written (no read model holds it). */
export const listHumanAuthFactorsOperation = operation(
  'identity.management.v1.ManagementService/ListHumanAuthFactors',
  'POST /management/v1/users/:userId/auth_factors/_search',
  { permission: 'user.read', schema, handle: listHumanAuthFactors },
  [userNotFound()],
);
