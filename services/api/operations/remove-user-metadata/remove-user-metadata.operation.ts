import schema from '../../../../schemas/requests/remove-user-metadata.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-lifecycle.js';
import { metadataNotFound, userMetadataChange } from '../user-metadata.js';
import type { RemoveUserMetadataRequest } from './remove-user-metadata.request.generated.js';

/** Removes one entry of a user's metadata (`user.metadata.removed`). */
export const removeUserMetadataOperation = operation(
  'identity.management.v1.ManagementService/RemoveUserMetadata',
  'DELETE /management/v1/users/:id/metadata/:key',
  {
    permission: 'user.write',
    schema,
    handle: userMetadataChange((request: RemoveUserMetadataRequest) => ({
      set: [],
      remove: [request.key],
    })),
  },
  [userNotFound(), metadataNotFound()],
);
