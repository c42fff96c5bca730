import schema from '../../../../schemas/requests/add-user-idp-link.schema.json' with { type: 'json' };
import { idpLinkTaken } from '../import-human-user/import-human-user.errors.js';
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { addUserIDPLink } from './add-user-idp-link.handler.js';

export const addUserIDPLinkOperation = operation(
  'identity.management.v1.ManagementService/AddUserIDPLink',
  'POST /management/v1/users/:userId/idps',
  { permission: 'user.write', schema, handle: addUserIDPLink },
  [userNotFound(), idpLinkTaken()],
);
