import schema from '../../../../schemas/requests/update-human-email.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { updateHumanEmail } from './update-human-email.handler.js';

export const updateHumanEmailOperation = operation(
  'identity.management.v1.ManagementService/UpdateHumanEmail',
  'PUT /management/v1/users/:userId/email',
  { permission: 'user.write', schema, handle: updateHumanEmail },
  [userNotFound()],
);
