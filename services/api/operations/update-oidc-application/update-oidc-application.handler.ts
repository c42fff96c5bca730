import { Application } from '../../../../shared/db/entities/project-access.entities.js';
import { OidcPayload } from '../../../../shared/db/entities/oidc-payload.entity.js';
import { changedClientRecord } from '../../oidc/clients.js';
import { applicationOf, applicationPayload, clientOf } from '../applications.js';
import { projectChange } from '../project-aggregate.js';
import type { UpdateOIDCApplicationRequest } from './update-oidc-application.request.generated.js';

/**
 * Replaces an application's settings (`project.application.changed`); its client id, its way of
 * authenticating and its secret stay. The provider reads the new settings at its next request.
 */
export const updateOIDCApplication = projectChange<UpdateOIDCApplicationRequest>(
  async ({ transaction, project, request }) => {
    const application = await applicationOf(transaction, project.id, request.appId);
    const client = clientOf(project.id, request);
    const where = { model: 'Client', id: application.clientId };
    const [stored] = await transaction.find(OidcPayload, where);
    const { payload, confidential } = changedClientRecord(stored!.payload, client);
    transaction.update(OidcPayload, where, { payload });
    transaction.update(Application, { id: application.id }, { name: client.name });
    const changed = applicationPayload(application, client, confidential);
    return { event: { type: 'project.application.changed', payload: changed } };
  },
);
