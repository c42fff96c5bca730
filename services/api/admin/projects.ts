import type { DataSource } from 'typeorm';
import { Project } from '../../../shared/db/entities/index.js';
import { addProject } from '../operations/add-project/add-project.handler.js';
import type { Config } from '../../../shared/config/config.js';
import { requireOrganization } from './organizations.js';
import { createLogger } from '../../../shared/logging/logger.js';
import { addOIDCApplication } from '../operations/add-oidc-application/add-oidc-application.handler.js';
import type { Dependencies } from '../operations/operation.js';

/**
 * Creates a project with its `project.added` event, as AddProject does, for `identityctl project
 * create` where no service runs.
 */
export async function createProject(
  dataSource: DataSource,
  orgId: string,
  name: string,
  config?: Config,
): Promise<{ projectId: string }> {
  await requireOrganization(dataSource, orgId);
  const deps = { dataSource, config: config as Config, logger: createLogger('silent') };
  return { projectId: (await addProject({ deps, orgId }, { name })).id };
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
