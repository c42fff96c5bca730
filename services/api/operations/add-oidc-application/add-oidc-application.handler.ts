import { Application } from '../../../../shared/db/entities/project-access.entities.js';
import { newId } from '../../../../shared/ids.js';
import { newClientRecord } from '../../oidc/clients.js';
import { applicationPayload, clientOf } from '../applications.js';
import { projectChange } from '../project-aggregate.js';
import type { AddOIDCApplicationRequest } from './add-oidc-application.request.generated.js';

/**
 * Adds an OpenID Connect application to a project of the target organization
 * (`project.application.added`): a client that signs people in to the project, under its checks.
 * A confidential client's secret is answered this once, and stored only encrypted.
 */
export const addOIDCApplication = projectChange<
  AddOIDCApplicationRequest,
  { appId: string; clientId: string; clientSecret?: string }
>(async ({ transaction, project, request, deps }) => {
  const confidential = request.authMethodType !== 'OIDC_AUTH_METHOD_TYPE_NONE';
  const client = clientOf(project.id, request);
  const record = newClientRecord(deps.config, { ...client, confidential });
  const { clientId, clientSecret } = record;
  const application = { id: newId(), projectId: project.id, clientId, name: client.name };
  transaction.insert(Application, [application]);
  transaction.queue('INSERT INTO oidc_payloads (model, id, payload) VALUES (?, ?, ?)', [
    'Client',
    clientId,
    record.payload,
  ]);
  const payload = applicationPayload(application, client, confidential);
  return {
    event: { type: 'project.application.added', payload },
    answer: { appId: application.id, clientId, ...(clientSecret && { clientSecret }) },
  };
});
