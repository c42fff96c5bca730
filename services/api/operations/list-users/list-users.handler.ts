import { listUsers as listUsersQuery, type ListUsersInput } from '../../queries/user-queries.js';
import type { OperationContext } from '../operation.js';
import type { ListUsersRequest, ListUsersResponse } from './list-users.request.js';

/** The target organization's users that meet the request's queries, a page of them. */
export function listUsers(
  { deps, orgId }: OperationContext,
  request: ListUsersRequest,
): Promise<ListUsersResponse> {
  // The schema's levels of nesting are one recursive query.
  return listUsersQuery(deps.dataSource, orgId, request as ListUsersInput);
}
