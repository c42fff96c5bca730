import { listMembers } from '../../queries/org-queries.js';
import type { OperationContext } from '../operation.js';
import type { ListOrgMembersRequest, ListOrgMembersResponse } from './list-org-members.request.js';

/** The target organization's members that meet the request's queries, a page of them. */
export function listOrgMembers(
  { deps, orgId }: OperationContext,
  request: ListOrgMembersRequest,
): Promise<ListOrgMembersResponse> {
  return listMembers(deps.dataSource, orgId, request);
}
