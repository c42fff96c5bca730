import schema from '../../../../schemas/requests/list-user-memberships.schema.json' with { type: 'json' };
import { userNotFound } from '../user-grants.js';
import { listUserMemberships } from './list-user-memberships.handler.js';
import { operation } from '../operation.js';

/** Where a user holds roles, read from the tables written (no read model holds it). */
export const listUserMembershipsOperation = operation(
  'identity.management.v1.ManagementService/ListUserMemberships',
  'POST /management/v1/users/:userId/memberships/_search',
  { permission: 'user.read', schema, handle: listUserMemberships },
  [userNotFound()],
);
