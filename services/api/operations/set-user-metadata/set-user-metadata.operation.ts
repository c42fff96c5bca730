import schema from '../../../../schemas/requests/set-user-metadata.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound } from '../user-lifecycle.js';
import { entriesToSet, tooManyMetadataEntries, userMetadataChange } from '../user-metadata.js';
import type { SetUserMetadataRequest } from './set-user-metadata.request.generated.js';

/** Sets one entry of a user's metadata, a person's or a machine user's (`user.metadata.set`). */
export const setUserMetadataOperation = operation(
  'identity.management.v1.ManagementService/SetUserMetadata',
  'POST /management/v1/users/:id/metadata/:key',
  {
    permission: 'user.write',
    schema,
    handle: userMetadataChange((request: SetUserMetadataRequest) => ({
      set: entriesToSet([request], ''),
      remove: [],
    })),
  },
  [userNotFound(), tooManyMetadataEntries()],
);
