import checked from '../../../../schemas/requests/import-human-users.schema.json' with { type: 'json' };
import importSchema from '../../../../schemas/requests/import-human-user.schema.json' with { type: 'json' };
import { importHumanUsers } from './import-human-users.handler.js';
import { operation } from '../operation.js';

/** ImportHumanUser's request as one item of the batch, for the documentation and the transports. */
const { $schema: _schema, $id: _id, ...user } = importSchema;

/**
 * The pipeline checks the batch's shape (1 to 1,000 objects); the handler checks each user with
 * ImportHumanUser's schema, so one bad user fails only itself. Its errors are per user, in the
 * results: the call itself answers only the pipeline's.
 */
export const importHumanUsersOperation = operation(
  'identity.management.v1.ManagementService/ImportHumanUsers',
  'POST /management/v1/users/human/_import-batch',
  {
    permission: 'user.write',
    schema: {
      ...checked,
      properties: { ...checked.properties, users: { ...checked.properties.users, items: user } },
    },
    checked,
    handle: importHumanUsers,
  },
);
