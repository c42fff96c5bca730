import schema from '../../../../schemas/requests/bulk-remove-user-metadata.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-lifecycle.js';
import { metadataNotFound, userMetadataChange } from '../user-metadata.js';
import type { BulkRemoveUserMetadataRequest } from './bulk-remove-user-metadata.request.generated.js';

/**
 * Removes entries of a user's metadata in one change (a `user.metadata.removed` each). ZITADEL's
 * is a DELETE with a body; a DELETE here carries none, so this is a POST.
 */
export const bulkRemoveUserMetadataOperation = operation(
  'identity.management.v1.ManagementService/BulkRemoveUserMetadata',
  'POST /management/v1/users/:id/metadata/_bulk_remove',
  {
    permission: 'user.write',
    schema,
    handle: userMetadataChange((request: BulkRemoveUserMetadataRequest) => ({
      set: [],
      remove: request.keys,
    })),
  },
  [userNotFound(), metadataNotFound()],
);
