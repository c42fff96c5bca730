import schema from '../../../../schemas/requests/list-user-grants.schema.json' with { type: 'json' };
import { listUserGrants } from './list-user-grants.handler.js';
import { operation } from '../operation.js';

export const listUserGrantsOperation = operation(
  'identity.management.v1.ManagementService/ListUserGrants',
  'POST /management/v1/users/grants/_search',
  { permission: 'user.read', schema, handle: listUserGrants, reads: 'user-grant' },
);
