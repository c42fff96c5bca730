import { applicationOf } from '../applications.js';
import { projectChange } from '../project-aggregate.js';
import type { RemoveOIDCApplicationRequest } from './remove-oidc-application.request.generated.js';

/**
 * Removes an application (`project.application.removed`): its client is gone from the provider at
 * once, so it signs in no more.
 */
export const removeOIDCApplication = projectChange<RemoveOIDCApplicationRequest>(
  async ({ transaction, project, request }) => {
    const { id, clientId } = await applicationOf(transaction, project.id, request.appId);
    transaction.queue('DELETE FROM applications WHERE id = ?', [id]);
    transaction.queue('DELETE FROM oidc_payloads WHERE model = ? AND id = ?', ['Client', clientId]);
    return { event: { type: 'project.application.removed', payload: { appId: id, clientId } } };
  },
);
