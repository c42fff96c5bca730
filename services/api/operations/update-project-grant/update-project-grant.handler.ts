import { ProjectGrant } from '../../../../shared/db/entities/project-access.entities.js';
import { existingRoles, projectChange } from '../project-aggregate.js';
import { projectGrantOf, projectGrantPayload } from '../project-grants.js';
import type { UpdateProjectGrantRequest } from './update-project-grant.request.generated.js';
import { queueGrantsWithout } from '../user-grants.js';

/**
 * Replaces a project grant's roles (`project.grant.changed`, unless they are the same); a role
 * taken from it is taken from every user grant through it too.
 */
export const updateProjectGrant = projectChange<UpdateProjectGrantRequest>(
  async ({ transaction, project, request }) => {
    const roleKeys = request.roleKeys ?? [];
    const grant = await projectGrantOf(transaction, project.id, request.grantId);
    await existingRoles(transaction, project.id, roleKeys);
    if (grant.roleKeys.join('\n') === roleKeys.join('\n')) return {};
    transaction.update(ProjectGrant, { id: grant.id }, { roleKeys });
    const taken = grant.roleKeys.filter((key) => !roleKeys.includes(key));
    if (taken.length > 0)
      await queueGrantsWithout(transaction, { projectGrantId: grant.id }, taken);
    const payload = projectGrantPayload({ ...grant, roleKeys });
    return { event: { type: 'project.grant.changed', payload } };
  },
);
