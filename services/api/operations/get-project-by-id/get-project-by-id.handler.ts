import { findProject } from '../../queries/project-queries.js';
import type { OperationContext } from '../operation.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import type { GetProjectByIDRequest, GetProjectByIDResponse } from './get-project-by-id.request.js';

/** A project of the target organization, from the read model; one of another is not found. */
export async function getProjectByID(
  { deps, orgId }: OperationContext,
  request: GetProjectByIDRequest,
): Promise<GetProjectByIDResponse> {
  const project = await findProject(deps.dataSource, orgId, request.id);
  if (!project) throw projectNotFound();
  return { project };
}
