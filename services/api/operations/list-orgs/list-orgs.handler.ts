import { listOrgs as listOrgsQuery } from '../../queries/org-queries.js';
import type { OperationContext } from '../operation.js';
import type { ListOrgsRequest, ListOrgsResponse } from './list-orgs.request.js';

/**
 * The instance's organizations that meet the request's queries, a page of them: whatever the
 * target organization, where the pipeline found the caller's instance-wide permission.
 */
export function listOrgs(
  { deps }: OperationContext,
  request: ListOrgsRequest,
): Promise<ListOrgsResponse> {
  return listOrgsQuery(deps.dataSource, request);
}
