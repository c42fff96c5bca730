import schema from '../../../../schemas/requests/get-user-by-id.schema.json' with { type: 'json' };
import { userNotFound } from '../user-grants.js';
import { getUserByID } from './get-user-by-id.handler.js';
import { operation } from '../operation.js';

export const getUserByIDOperation = operation(
  'identity.management.v1.ManagementService/GetUserByID',
  'GET /management/v1/users/:id',
  { permission: 'user.read', schema, handle: getUserByID, reads: 'user' },
  [userNotFound()],
);
