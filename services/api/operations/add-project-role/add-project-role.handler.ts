import { ProjectRole } from '../../../../shared/db/entities/project-access.entities.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { projectChange } from '../project-aggregate.js';
import type { AddProjectRoleRequest } from './add-project-role.request.generated.js';
import { projectRole } from '../update-project-role/update-project-role.handler.js';

export const roleTaken = (): ServiceError => new ServiceError('PROJECT-ROLE-ALREADY-EXISTS');

/** Gives a project of the target organization a role (`project.role.added`). */
export const addProjectRole = projectChange<AddProjectRoleRequest>(
  async ({ transaction, project, request }) => {
    const role = projectRole(request);
    const [taken] = await transaction.find(ProjectRole, { projectId: project.id, key: role.key });
    if (taken) throw roleTaken();
    transaction.insert(ProjectRole, [{ projectId: project.id, ...role }]);
    return { event: { type: 'project.role.added', payload: role } };
  },
);
