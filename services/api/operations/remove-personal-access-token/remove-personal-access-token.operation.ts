import schema from '../../../../schemas/requests/remove-personal-access-token.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import {
  personalAccessTokenNotFound,
  removePersonalAccessToken,
} from './remove-personal-access-token.handler.js';
import { operation } from '../operation.js';

export const removePersonalAccessTokenOperation = operation(
  'identity.management.v1.ManagementService/RemovePersonalAccessToken',
  'DELETE /management/v1/users/:userId/pats/:tokenId',
  { permission: 'user.write', schema, handle: removePersonalAccessToken },
  [machineUserNotFound(), personalAccessTokenNotFound()],
);
