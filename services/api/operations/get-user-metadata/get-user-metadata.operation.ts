import schema from '../../../../schemas/requests/get-user-metadata.schema.json' with { type: 'json' };
import { findUser } from '../../queries/user-queries.js';
import { findUserMetadata, type MetadataView } from '../../queries/user-metadata-queries.js';
import { operation, type OperationContext } from '../operation.js';
import { userNotFound } from '../user-lifecycle.js';
import { metadataNotFound } from '../user-metadata.js';
import type { GetUserMetadataRequest } from './get-user-metadata.request.generated.js';

/** One entry of a user's metadata, from the read model. */
async function getUserMetadata(
  { deps, orgId }: OperationContext,
  request: GetUserMetadataRequest,
): Promise<{ metadata: MetadataView }> {
  if (!(await findUser(deps.dataSource, orgId, request.id))) throw userNotFound();
  const metadata = await findUserMetadata(deps.dataSource, orgId, request.id, request.key);
  if (!metadata) throw metadataNotFound();
  return { metadata };
}

export const getUserMetadataOperation = operation(
  'identity.management.v1.ManagementService/GetUserMetadata',
  'GET /management/v1/users/:id/metadata/:key',
  { permission: 'user.read', schema, handle: getUserMetadata, reads: 'user-metadata' },
  [userNotFound(), metadataNotFound()],
);
