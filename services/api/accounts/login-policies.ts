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
 * The identity providers the sign-in of `clientId` offers, in the order its login policy added
 * them. The policy is the client's project's organization's, else the instance default (`''`),
 * else the built-in one (external providers allowed, none offered). Only active providers that
 * are configured (OpenID Connect or OAuth) are offered, and none when the policy does not allow
 * external providers. An organization's policy offers its own providers and the instance's, the
 * default the instance's alone, whatever rows say otherwise.
 */
export async function offeredProviders(
  dataSource: DataSource,
  clientId: string,
): Promise<IdpConfig[]> {
  const orgId = await projectOrgOf(dataSource, clientId);
  const owners = orgId ? [orgId, INSTANCE_WIDE] : [INSTANCE_WIDE];
  const policies = await dataSource.getRepository(LoginPolicy).findBy({ ownerId: In(owners) });
  const policy =
    policies.find((row) => row.ownerId === orgId) ??
    policies.find((row) => row.ownerId === INSTANCE_WIDE);
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
