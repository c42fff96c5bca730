import schema from '../../../../schemas/requests/import-human-user.schema.json' with { type: 'json' };
import { idpConfigUnknown, idpLinkTaken, userNameTaken } from './import-human-user.errors.js';
import { importHumanUser } from './import-human-user.handler.js';
import { operation } from '../operation.js';

export const importHumanUserOperation = operation(
  'identity.management.v1.ManagementService/ImportHumanUser',
  'POST /management/v1/users/human/_import',
  { permission: 'user.write', schema, handle: importHumanUser },
  [idpConfigUnknown(['idps[0].configId']), userNameTaken(), idpLinkTaken()],
);
