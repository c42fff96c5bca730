import { projectChange } from '../project-aggregate.js';
import { projectGrantOf } from '../project-grants.js';
import type { RemoveProjectGrantRequest } from './remove-project-grant.request.generated.js';
import { queueGrantsWithout } from '../user-grants.js';

/**
 * Removes a project grant (`project.grant.removed`) and every user grant through it (each a
 * `user.grant.removed` of its user): that organization's users no longer have the project.
 */
export const removeProjectGrant = projectChange<RemoveProjectGrantRequest>(
  async ({ transaction, project, request }) => {
    const { id, grantedOrgId } = await projectGrantOf(transaction, project.id, request.grantId);
    await queueGrantsWithout(transaction, { projectGrantId: id }, 'all');
    transaction.queue('DELETE FROM project_grants WHERE id = ?', [id]);
    return { event: { type: 'project.grant.removed', payload: { grantId: id, grantedOrgId } } };
  },
);
