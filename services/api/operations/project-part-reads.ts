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
