import { findApp } from '../../queries/project-app-queries.js';
import { applicationNotFound } from '../applications.js';
import type { OperationContext } from '../operation.js';
import { readableProject } from '../project-part-reads.js';
import type { GetAppByIDRequest, GetAppByIDResponse } from './get-app-by-id.request.js';

/**
 * An application of a project of the target organization, from the tables its operations write
 * (current at once), never its secret: PROJECT-NOT-FOUND for a project of another organization,
 * APPLICATION-NOT-FOUND for an application of another project. Its ETag is the project's
 * sequence, which UpdateOIDCApplication's If-Match takes.
 */
export async function getAppByID(
  context: OperationContext,
  request: GetAppByIDRequest,
): Promise<GetAppByIDResponse> {
  const project = await readableProject(context, request.projectId);
  const app = await findApp(context.deps.dataSource, project, request.appId);
  if (!app) throw applicationNotFound();
  return { app };
}
