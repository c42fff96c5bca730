import { listProjects as listProjectsQuery } from '../../queries/project-queries.js';
import type { OperationContext } from '../operation.js';
import type { ListProjectsRequest, ListProjectsResponse } from './list-projects.request.js';

/** The target organization's projects that meet the request's queries, a page of them. */
export function listProjects(
  { deps, orgId }: OperationContext,
  request: ListProjectsRequest,
): Promise<ListProjectsResponse> {
  return listProjectsQuery(deps.dataSource, orgId, request);
}
