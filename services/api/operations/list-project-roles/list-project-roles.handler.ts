import { listProjectRoles as listProjectRolesQuery } from '../../queries/project-role-queries.js';
import type { OperationContext } from '../operation.js';
import { readableProject } from '../project-part-reads.js';
import type {
  ListProjectRolesRequest,
  ListProjectRolesResponse,
} from './list-project-roles.request.js';

/**
 * The roles of a project of the target organization that meet the request's queries, a page of
 * them, from the table the role operations write (no read model: current at once); a project of
 * another organization is not found.
 */
export async function listProjectRoles(
  context: OperationContext,
  request: ListProjectRolesRequest,
): Promise<ListProjectRolesResponse> {
  const project = await readableProject(context, request.projectId);
  return listProjectRolesQuery(context.deps.dataSource, project, request);
}
