import schema from '../../../../schemas/requests/bulk-set-user-metadata.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-lifecycle.js';
import { entriesToSet, tooManyMetadataEntries, userMetadataChange } from '../user-metadata.js';
import type { BulkSetUserMetadataRequest } from './bulk-set-user-metadata.request.generated.js';

/** Sets entries of a user's metadata in one change (a `user.metadata.set` for each that differs). */
export const bulkSetUserMetadataOperation = operation(
  'identity.management.v1.ManagementService/BulkSetUserMetadata',
  'POST /management/v1/users/:id/metadata/_bulk',
  {
    permission: 'user.write',
    schema,
    handle: userMetadataChange((request: BulkSetUserMetadataRequest) => ({
      set: entriesToSet(request.metadata, 'metadata'),
      remove: [],
    })),
  },
  [userNotFound(), tooManyMetadataEntries()],
);
