import schema from '../../../../schemas/requests/import-human-user.schema.json' with { type: 'json' };
import type { Operation } from '../operation.js';
import { idpConfigUnknown, idpLinkTaken, userNameTaken } from './import-human-user.errors.js';
import { importHumanUser } from './import-human-user.handler.js';
import type {
  ImportHumanUserRequest,
  ImportHumanUserResponse,
} from './import-human-user.request.js';

export const importHumanUserOperation: Operation<ImportHumanUserRequest, ImportHumanUserResponse> =
  {
    grpc: { service: 'identity.management.v1.ManagementService', method: 'ImportHumanUser' },
    http: { method: 'POST', path: '/management/v1/users/human/_import' },
    permission: 'user.write',
    schema,
    errors: [idpConfigUnknown(['idps[0].configId']), userNameTaken(), idpLinkTaken()],
    handle: importHumanUser,
  };
