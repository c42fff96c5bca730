import schema from '../../../../schemas/requests/list-users.schema.json' with { type: 'json' };
import { listUsers } from './list-users.handler.js';
import { operation } from '../operation.js';

export const listUsersOperation = operation(
  'identity.management.v1.ManagementService/ListUsers',
  'POST /management/v1/users/_search',
  { permission: 'user.read', schema, handle: listUsers, reads: 'user' },
);
