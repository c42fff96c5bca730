import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { Project } from '../../../shared/db/entities/index.js';
import { createProject } from './projects.js';
import { setup } from './setup.js';
import { issueToken } from './tokens.js';

/** How long the token written to `quickstart.env` at each start lasts. */
const QUICKSTART_TOKEN_SECONDS = 24 * 3600;

interface EmbeddedInstance {
  orgId: string;
  userId: string;
  projectId: string;
  token?: string;
  /** True when this start created the instance. */
  created: boolean;
}

/**
 * Brings the embedded database to a usable instance on every start: the schema migrated, and on
 * the first start the setup (organization, administrator) plus a first project, so the README's
 * calls have something to act on. Later starts find them again and issue a fresh token.
 */
export async function prepareEmbeddedInstance(
  dataSource: DataSource,
  config: Config,
): Promise<EmbeddedInstance> {
  await removeQuickstart(config);
  const { orgId, userId, created } = await setup(dataSource, config);
  const first = await dataSource
    .getRepository(Project)
    .findOne({ where: { orgId }, order: { creationDate: 'ASC' } });
  const projectId = first?.id ?? (await createProject(dataSource, orgId, 'Rocket')).projectId;
  const token = config.auth.signingKeyFile
    ? await issueToken(config.auth, userId, QUICKSTART_TOKEN_SECONDS)
    : undefined;
  return { orgId, userId, projectId, created, ...(token && { token }) };
}

/** `DATA_DIR/quickstart.env`: the ids and token as shell variables, for the README's calls. */
function quickstartFile(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'quickstart.env');
}

/** Gone once the service has stopped, so what is there belongs to the running one. */
export async function removeQuickstart(config: Pick<Config, 'dataDir'>): Promise<void> {
  await rm(quickstartFile(config), { force: true });
}

/** Written before the service listens, so once `/readyz` answers the file is current. */
export async function writeQuickstart(config: Config, instance: EmbeddedInstance): Promise<void> {
  const variables = {
    API_URL: config.publicUrl,
    ORG_ID: instance.orgId,
    USER_ID: instance.userId,
    PROJECT_ID: instance.projectId,
    ...(instance.token && { TOKEN: instance.token }),
  };
  const lines = Object.entries(variables).map(([name, value]) => `export ${name}=${value}`);
  await writeFile(quickstartFile(config), `${lines.join('\n')}\n`, { mode: 0o600 });
}

/** What the first start prints: where the service is and what to call it with. */
export function describeInstance(
  config: Config,
  instance: EmbeddedInstance,
  grpcPort: number,
): string {
  const token = instance.created
    ? instance.token
    : instance.token && `in ${quickstartFile(config)}`;
  return [
    '',
    `Identity service ${instance.created ? 'set up and ' : ''}running (embedded mode, data in ${config.dataDir})`,
    `  HTTP and gRPC-web  ${config.publicUrl}`,
    `  gRPC               localhost:${grpcPort}`,
    `  profile page       ${config.publicUrl}/ui/profile`,
    `  organization id    ${instance.orgId}`,
    `  project id         ${instance.projectId}`,
    `  admin user id      ${instance.userId}`,
    `  sign in            as "admin" on the profile page, once a password is set through the`,
    `                     "Activate account" link of the admin's email in ${config.worker.emailDir}`,
    ...(token ? [`  admin token        ${token}`] : []),
    `  . ${quickstartFile(config)} sets ORG_ID, PROJECT_ID and TOKEN for the README's examples`,
    '',
  ].join('\n');
}
