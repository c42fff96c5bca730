import { listUserGrants as listUserGrantsQuery } from '../../queries/user-grant-queries.js';
import type { OperationContext } from '../operation.js';
import type { ListUserGrantRequest, ListUserGrantResponse } from './list-user-grants.request.js';

/** The grants of the target organization's users that meet the request's queries, a page. */
export function listUserGrants(
  { deps, orgId }: OperationContext,
  request: ListUserGrantRequest,
): Promise<ListUserGrantResponse> {
  return listUserGrantsQuery(deps.dataSource, orgId, request);
}
