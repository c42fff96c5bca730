import { existingRoles, projectChange } from '../project-aggregate.js';
import type { RemoveProjectRoleRequest } from './remove-project-role.request.generated.js';
import { queueGrantsWithout } from '../user-grants.js';

/**
 * Removes a role from a project (`project.role.removed`), and from every user grant that held it
 * (each a `user.grant.changed` of its user), in one transaction.
 */
export const removeProjectRole = projectChange<RemoveProjectRoleRequest>(
  async ({ transaction, project, request }) => {
    const key = request.roleKey;
    await existingRoles(transaction, project.id, [key], () => 'roleKey');
    transaction.queue('DELETE FROM project_roles WHERE project_id = ? AND role_key = ?', [
      project.id,
      key,
    ]);
    await queueGrantsWithout(transaction, { projectId: project.id }, [key]);
    return { event: { type: 'project.role.removed', payload: { key } } };
  },
);
