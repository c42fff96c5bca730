import { ProjectRole } from '../../../../shared/db/entities/project-access.entities.js';
import type { ProjectRolePayload } from '../../../../shared/events/event-types.js';
import { existingRoles, projectChange } from '../project-aggregate.js';
import type { UpdateProjectRoleRequest } from './update-project-role.request.generated.js';

/** A role as stored and as its events carry it: the name and group trimmed, the key as given. */
export function projectRole(request: {
  roleKey: string;
  displayName: string;
  group?: string;
}): ProjectRolePayload {
  return {
    key: request.roleKey,
    displayName: request.displayName.trim(),
    group: (request.group ?? '').trim(),
  };
}

/** Replaces a role's name and group (`project.role.changed`, unless nothing changed). */
export const updateProjectRole = projectChange<UpdateProjectRoleRequest>(
  async ({ transaction, project, request }) => {
    const role = projectRole(request);
    const [stored] = await existingRoles(transaction, project.id, [role.key], () => 'roleKey');
    if (stored!.displayName === role.displayName && stored!.group === role.group) return {};
    const { displayName, group } = role;
    transaction.update(
      ProjectRole,
      { projectId: project.id, key: role.key },
      { displayName, group },
    );
    return { event: { type: 'project.role.changed', payload: role } };
  },
);
