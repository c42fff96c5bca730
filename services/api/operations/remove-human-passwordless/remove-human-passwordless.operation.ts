import schema from '../../../../schemas/requests/remove-human-passwordless.schema.json' with { type: 'json' };
import { passkeyNotFound } from '../../accounts/passkeys/passkey-errors.js';
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { removeHumanPasswordless } from './remove-human-passwordless.handler.js';

export const removeHumanPasswordlessOperation = operation(
  'identity.management.v1.ManagementService/RemoveHumanPasswordless',
  'DELETE /management/v1/users/:userId/passwordless/:tokenId',
  { permission: 'user.write', schema, handle: removeHumanPasswordless },
  [userNotFound(), passkeyNotFound()],
);
