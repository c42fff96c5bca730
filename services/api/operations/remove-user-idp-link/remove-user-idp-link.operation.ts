import schema from '../../../../schemas/requests/remove-user-idp-link.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { idpLinkNotFound, removeUserIDPLink } from './remove-user-idp-link.handler.js';

export const removeUserIDPLinkOperation = operation(
  'identity.management.v1.ManagementService/RemoveUserIDPLink',
  'DELETE /management/v1/users/:userId/idps/:idpId/:linkedUserId',
  { permission: 'user.write', schema, handle: removeUserIDPLink },
  [userNotFound(), idpLinkNotFound()],
);
