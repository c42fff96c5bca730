import { isUserOf, listMemberships } from '../../queries/user-account-queries.js';
import { INSTANCE_AGGREGATE } from '../instance-aggregate.js';
import type { OperationContext } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import type {
  ListUserMembershipsRequest,
  ListUserMembershipsResponse,
} from './list-user-memberships.request.js';

/** Where a user, person or machine, holds roles; a user of another organization is not found. */
export async function listUserMemberships(
  { deps, orgId }: OperationContext,
  request: ListUserMembershipsRequest,
): Promise<ListUserMembershipsResponse> {
  const { userId } = request;
  if (!(await isUserOf(deps.dataSource, orgId, userId, ['human', 'machine']))) throw userNotFound();
  return listMemberships(deps.dataSource, request, INSTANCE_AGGREGATE);
}
