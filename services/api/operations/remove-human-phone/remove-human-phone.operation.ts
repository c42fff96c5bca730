import schema from '../../../../schemas/requests/remove-human-phone.schema.json' with { type: 'json' };
import { phoneNotFound } from '../human-user-aggregate.js';
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { removeHumanPhone } from './remove-human-phone.handler.js';

export const removeHumanPhoneOperation = operation(
  'identity.management.v1.ManagementService/RemoveHumanPhone',
  'DELETE /management/v1/users/:userId/phone',
  { permission: 'user.write', schema, handle: removeHumanPhone },
  [userNotFound(), phoneNotFound()],
);
