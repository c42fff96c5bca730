import { In, type DataSource } from 'typeorm';
import { IdpConfig, LoginPolicy, LoginPolicyIdp } from '../../../shared/db/entities/index.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';

/** The kinds of configuration one can sign in through: an `unconfigured` one cannot. */
const SIGN_IN_TYPES = ['oidc', 'oauth'];

/**
 * The organization of a client's application (its project's), or none: a client of no project
 * (the profile page, `identityctl client create` without `--project`).
 */
export async function projectOrgOf(
  dataSource: DataSource,
  clientId: string,
): Promise<string | undefined> {
  const rows: { org_id: string }[] = await dataSource.query(
    `SELECT p.org_id FROM applications a JOIN projects p ON p.id = a.project_id
      WHERE a.client_id = ?`,
    [clientId],
  );
  return rows[0]?.org_id;
}

/**
 * The login policy the sign-in of `clientId` follows: its project's organization's, else the
 * instance default (`''`); none where neither exists (the built-in one: user name and password
 * and external providers allowed, none offered).
 */
async function followedPolicy(
  dataSource: DataSource,
  clientId: string,
): Promise<LoginPolicy | undefined> {
  const orgId = await projectOrgOf(dataSource, clientId);
  const owners = orgId ? [orgId, INSTANCE_WIDE] : [INSTANCE_WIDE];
  const policies = await dataSource.getRepository(LoginPolicy).findBy({ ownerId: In(owners) });
  return (
    policies.find((row) => row.ownerId === orgId) ??
    policies.find((row) => row.ownerId === INSTANCE_WIDE)
  );
}

/**
 * Whether the sign-in of `clientId` takes a user name and password: its login policy's
 * `allowUsernamePassword` (true under the built-in one). Where it does not, the first step shows
 * no user name form and the user name and password steps are refused.
 */
export async function allowsUsernamePassword(
  dataSource: DataSource,
  clientId: string,
): Promise<boolean> {
  return (await followedPolicy(dataSource, clientId))?.allowUsernamePassword ?? true;
}

/**
 * The identity providers the sign-in of `clientId` offers, in the order its login policy added
 * them (the policy followedPolicy finds). Only active providers that are configured (OpenID
 * Connect or OAuth) are offered, and none when the policy does not allow external providers. An
 * organization's policy offers its own providers and the instance's, the default the instance's
 * alone, whatever rows say otherwise.
 */
export async function offeredProviders(
  dataSource: DataSource,
  clientId: string,
): Promise<IdpConfig[]> {
  const policy = await followedPolicy(dataSource, clientId);
  if (!policy?.allowExternalIdp) return [];
  const entries = await dataSource
    .getRepository(LoginPolicyIdp)
    .find({ where: { ownerId: policy.ownerId }, order: { createdAt: 'ASC', idpId: 'ASC' } });
  if (entries.length === 0) return [];
  const configs = await dataSource.getRepository(IdpConfig).findBy({
    id: In(entries.map((entry) => entry.idpId)),
    state: 'active',
    type: In(SIGN_IN_TYPES),
  });
  const owned = (config: IdpConfig) =>
    config.ownerType === 'instance' ||
    (policy.ownerId !== INSTANCE_WIDE && config.orgId === policy.ownerId);
  const byId = new Map(configs.filter(owned).map((config) => [config.id, config]));
  return entries.flatMap((entry) => byId.get(entry.idpId) ?? []);
}

/** The provider `idpId` when the sign-in of `clientId` offers it now; none otherwise. */
export async function offeredProvider(
  dataSource: DataSource,
  clientId: string,
  idpId: string,
): Promise<IdpConfig | undefined> {
  return (await offeredProviders(dataSource, clientId)).find((config) => config.id === idpId);
}
