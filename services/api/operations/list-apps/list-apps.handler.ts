import { listApps as listAppsQuery } from '../../queries/project-app-queries.js';
import type { OperationContext } from '../operation.js';
import { readableProject } from '../project-part-reads.js';
import type { ListAppsRequest, ListAppsResponse } from './list-apps.request.js';

/**
 * The applications of a project of the target organization that meet the request's queries, a
 * page of them, from the tables the application operations write (no read model: current at
 * once), never a secret; a project of another organization is not found.
 */
export async function listApps(
  context: OperationContext,
  request: ListAppsRequest,
): Promise<ListAppsResponse> {
  const project = await readableProject(context, request.projectId);
  return listAppsQuery(context.deps.dataSource, project, request);
}
