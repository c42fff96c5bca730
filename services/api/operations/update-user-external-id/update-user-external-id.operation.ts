import schema from '../../../../schemas/requests/update-user-external-id.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { externalIdTaken, updateUserExternalId } from './update-user-external-id.handler.js';

export const updateUserExternalIdOperation = operation(
  'identity.management.v1.ManagementService/UpdateUserExternalId',
  'PUT /management/v1/users/:userId/external_id',
  { permission: 'user.write', schema, handle: updateUserExternalId },
  [userNotFound(), externalIdTaken()],
);
