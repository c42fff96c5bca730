import { findProjectGrant } from '../../queries/project-grant-queries.js';
import type { OperationContext } from '../operation.js';
import { readableProject } from '../project-part-reads.js';
import { projectGrantNotFound } from '../project-grants.js';
import type {
  GetProjectGrantByIDRequest,
  GetProjectGrantByIDResponse,
} from './get-project-grant-by-id.request.js';

/**
 * A grant of a project of the target organization, from the table its operations write (current
 * at once): PROJECT-NOT-FOUND for a project of another organization, PROJECT-GRANT-NOT-FOUND for
 * a grant of another project. Its ETag is the project's sequence, which UpdateProjectGrant's
 * If-Match takes.
 */
export async function getProjectGrantByID(
  context: OperationContext,
  request: GetProjectGrantByIDRequest,
): Promise<GetProjectGrantByIDResponse> {
  const project = await readableProject(context, request.projectId);
  const projectGrant = await findProjectGrant(context.deps.dataSource, project, request.grantId);
  if (!projectGrant) throw projectGrantNotFound();
  return { projectGrant };
}
