import schema from '../../../../schemas/requests/list-user-metadata.schema.json' with { type: 'json' };
import { findUser } from '../../queries/user-queries.js';
import { listUserMetadata, type MetadataView } from '../../queries/user-metadata-queries.js';
import type { ListDetails } from '../../queries/list-query.js';
import { operation, type OperationContext } from '../operation.js';
import { userNotFound } from '../user-lifecycle.js';
import type { ListUserMetadataRequest } from './list-user-metadata.request.generated.js';

export interface ListUserMetadataResponse {
  details: ListDetails;
  result: MetadataView[];
}

/** A user's metadata (a person's or a machine user's), ordered by key, from the read model. */
async function listUserMetadataOf(
  { deps, orgId }: OperationContext,
  request: ListUserMetadataRequest,
): Promise<ListUserMetadataResponse> {
  if (!(await findUser(deps.dataSource, orgId, request.id))) throw userNotFound();
  return listUserMetadata(deps.dataSource, orgId, request.id, request);
}

export const listUserMetadataOperation = operation(
  'identity.management.v1.ManagementService/ListUserMetadata',
  'POST /management/v1/users/:id/metadata/_search',
  { permission: 'user.read', schema, handle: listUserMetadataOf, reads: 'user-metadata' },
  [userNotFound()],
);
