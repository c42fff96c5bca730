import type { DataSource } from 'typeorm';
import { newId } from '../../../shared/ids.js';
import { inBatchedTransaction, LAST_INSERT_ID } from '../../../shared/db/batched-transaction.js';
import { Project } from '../../../shared/db/entities/index.js';
import { queueEvents } from '../../../shared/events/record-events.js';
import { projectSettings } from '../operations/project-settings.js';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';
import { requireOrganization } from './organizations.js';
import { createLogger } from '../../../shared/logging/logger.js';
import { addOIDCApplication } from '../operations/add-oidc-application/add-oidc-application.handler.js';
import type { Dependencies } from '../operations/operation.js';

/** Creates a project with its `project.added` event, so read models see where it started. */
export async function createProject(
  dataSource: DataSource,
  orgId: string,
  name: string,
): Promise<{ projectId: string }> {
  await requireOrganization(dataSource, orgId);
  const settings = projectSettings({ name });
  const projectId = newId();
  const at = new Date();
  await inBatchedTransaction(dataSource, async (transaction) => {
    // The event first: its position gives the project row its sequence.
    const aggregate = { id: projectId, orgId, version: 0 };
    const added = { type: 'project.added', payload: settings } as const;
    const { version } = queueEvents(transaction, aggregate, [added], at);
    transaction.insert(Project, [
      {
        id: projectId,
        orgId,
        ...settings,
        nameLower: uniqueNameKey(settings.name),
        version,
        sequence: LAST_INSERT_ID,
        creationDate: at,
        changeDate: at,
      },
    ]);
  });
  return { projectId };
}

/**
 * Adds an OpenID Connect application to a project, as AddOIDCApplication does (its event, its
 * project's checks at sign-in), for `identityctl client create --project`.
 */
export async function addApplication(
  deps: Pick<Dependencies, 'dataSource' | 'config'>,
  projectId: string,
  client: { name: string; redirectUris: string[]; postLogoutRedirectUris: string[] },
  confidential: boolean,
): Promise<{ appId: string; clientId: string; clientSecret?: string }> {
  const [project] = await deps.dataSource.getRepository(Project).findBy({ id: projectId });
  if (!project) throw new Error(`no project ${projectId}`);
  const authMethodType = confidential
    ? 'OIDC_AUTH_METHOD_TYPE_BASIC'
    : 'OIDC_AUTH_METHOD_TYPE_NONE';
  const { orgId } = project;
  const context = {
    deps: { ...deps, logger: createLogger('silent') },
    caller: { userId: '', orgId },
    orgId,
  };
  const { appId, clientId, clientSecret } = await addOIDCApplication(context, {
    projectId,
    ...client,
    authMethodType,
  });
  return { appId, clientId, ...(clientSecret && { clientSecret }) };
}
