import schema from '../../../../schemas/requests/update-human-profile.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { updateHumanProfile } from './update-human-profile.handler.js';

export const updateHumanProfileOperation = operation(
  'identity.management.v1.ManagementService/UpdateHumanProfile',
  'PUT /management/v1/users/:userId/profile',
  { permission: 'user.write', schema, handle: updateHumanProfile },
  [userNotFound()],
);
