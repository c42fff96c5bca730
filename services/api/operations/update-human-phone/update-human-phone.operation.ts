import schema from '../../../../schemas/requests/update-human-phone.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { updateHumanPhone } from './update-human-phone.handler.js';

export const updateHumanPhoneOperation = operation(
  'identity.management.v1.ManagementService/UpdateHumanPhone',
  'PUT /management/v1/users/:userId/phone',
  { permission: 'user.write', schema, handle: updateHumanPhone },
  [userNotFound()],
);
