import schema from '../../../../schemas/requests/set-human-password.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { setHumanPassword } from './set-human-password.handler.js';

export const setHumanPasswordOperation = operation(
  'identity.management.v1.ManagementService/SetHumanPassword',
  'POST /management/v1/users/:userId/password',
  { permission: 'user.write', schema, handle: setHumanPassword },
  [userNotFound()],
);
