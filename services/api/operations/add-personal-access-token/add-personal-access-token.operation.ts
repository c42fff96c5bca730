import schema from '../../../../schemas/requests/add-personal-access-token.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { addPersonalAccessToken } from './add-personal-access-token.handler.js';
import { operation } from '../operation.js';

export const addPersonalAccessTokenOperation = operation(
  'identity.management.v1.ManagementService/AddPersonalAccessToken',
  'POST /management/v1/users/:userId/pats',
  { permission: 'user.write', schema, handle: addPersonalAccessToken },
  [machineUserNotFound()],
);
