import type { DataSource } from 'typeorm';
import { ownProject, type OwnProject } from '../queries/project-parts.js';
import type { OperationContext } from './operation.js';
import { firstOr } from './project-aggregate.js';
import { projectNotFound } from './update-project/update-project.errors.js';

/**
 * The project of the target organization whose parts (roles, applications, grants) a read
 * answers; PROJECT-NOT-FOUND for a project of another organization.
 */
export const readableProject = ({ deps, orgId }: OperationContext, projectId: string) =>
  firstOr<OwnProject>(
    ownProject(deps.dataSource, orgId, projectId).then((project) => (project ? [project] : [])),
    projectNotFound,
  );

/** A handler that answers `read` of the project the request names (PROJECT-NOT-FOUND else). */
export const readOfProject =
  <Request extends { projectId: string }, Response>(
    read: (dataSource: DataSource, project: OwnProject, request: Request) => Promise<Response>,
  ) =>
  async (context: OperationContext, request: Request): Promise<Response> =>
    read(context.deps.dataSource, await readableProject(context, request.projectId), request);
