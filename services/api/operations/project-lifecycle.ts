import { ServiceError } from '../../../shared/errors/service-error.js';
import { projectChange } from './project-aggregate.js';
import { queueGrantsWithout } from './user-grants.js';

export const projectNotActive = (): ServiceError => new ServiceError('PROJECT-NOT-ACTIVE');
export const projectNotInactive = (): ServiceError => new ServiceError('PROJECT-NOT-INACTIVE');

/**
 * A handler that deactivates a project (`project.deactivated`: its applications refuse sign-in
 * with `access_denied`, and refreshes are refused) or reactivates it (`project.reactivated`). A
 * project in that state already is a failed precondition.
 */
export function projectStateChange(state: 'active' | 'inactive') {
  return projectChange<{ id: string }>(
    async ({ project }) => {
      if (project.state === state)
        throw state === 'inactive' ? projectNotActive() : projectNotInactive();
      const type = state === 'inactive' ? 'project.deactivated' : 'project.reactivated';
      return { event: { type, payload: {} }, columns: { state } };
    },
    (request) => request.id,
  );
}

/**
 * Removes a project with its applications (their clients gone from the provider at once), roles,
 * project grants and user grants (each with its user's `user.grant.removed`), in one
 * transaction; `project.removed` is its last event. Its name is free again.
 */
export const removeProject = projectChange<{ id: string }>(
  async ({ transaction, project }) => {
    await queueGrantsWithout(transaction, { projectId: project.id }, 'all');
    transaction.queue(
      `DELETE FROM oidc_payloads WHERE model = 'Client' AND id IN
         (SELECT client_id FROM applications WHERE project_id = ?)`,
      [project.id],
    );
    for (const table of ['applications', 'project_roles', 'project_grants'])
      transaction.queue(`DELETE FROM ${table} WHERE project_id = ?`, [project.id]);
    transaction.queue('DELETE FROM projects WHERE id = ?', [project.id]);
    return { event: { type: 'project.removed', payload: { name: project.name } } };
  },
  (request) => request.id,
);
