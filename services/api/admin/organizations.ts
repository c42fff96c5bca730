import type { DataSource } from 'typeorm';
import { newId } from '../../../shared/ids.js';
import {
  IdpConfig,
  MachineUser,
  Organization,
  RoleGrant,
  User,
} from '../../../shared/db/entities/index.js';
import { INSTANCE_WIDE, ROLES, type Role } from '../../../shared/db/entities/role-grant.entity.js';
import type { Config } from '../../../shared/config/config.js';
import { createLogger } from '../../../shared/logging/logger.js';
import { addOrg } from '../operations/add-org/add-org.handler.js';

/**
 * Makes an organization with its `org.added` event, as AddOrg does (its name trimmed, and one
 * another organization has is ORG-NAME-ALREADY-EXISTS), for `identityctl org create` where no
 * service runs, setup, and the tests.
 */
export async function createOrganization(
  dataSource: DataSource,
  name: string,
): Promise<{ orgId: string }> {
  const deps = { dataSource, config: {} as Config, logger: createLogger('silent') };
  return { orgId: (await addOrg({ deps }, { name })).id };
}

/**
 * Makes an identity provider of the organization that names a provider and nothing else (no
 * client, no endpoints: `unconfigured`, active, the organization's), for links to be imported to
 * it before it is configured (UpdateGenericOIDCProvider or UpdateGenericOAuthProvider with its
 * id). Every column is written: the embedded database takes no column's default from an insert.
 */
export async function createIdpConfig(
  dataSource: DataSource,
  orgId: string,
  name: string,
): Promise<{ idpId: string }> {
  await requireOrganization(dataSource, orgId);
  const row = unconfiguredIdpConfig(orgId, name);
  await dataSource.getRepository(IdpConfig).insert(row);
  return { idpId: row.id };
}

/** A provider's row that names it and nothing else, as createIdpConfig stores it. */
export function unconfiguredIdpConfig(orgId: string, name: string): IdpConfig {
  const at = new Date();
  return {
    id: newId(),
    orgId,
    name,
    createdAt: at,
    ownerType: 'org',
    type: 'unconfigured',
    state: 'active',
    issuer: null,
    clientId: null,
    clientSecretSealed: null,
    scopes: null,
    isIdTokenMapping: false,
    usePkce: true,
    authorizationEndpoint: null,
    tokenEndpoint: null,
    userEndpoint: null,
    idAttribute: null,
    isLinkingAllowed: false,
    isCreationAllowed: false,
    isAutoCreation: false,
    isAutoUpdate: false,
    autoLinking: 'none',
    signOutAtProvider: false,
    version: 0,
    sequence: '0',
    changeDate: at,
  };
}

/** Grants a role; IAM_OWNER is instance-wide, so its organization is ignored. */
export async function addMember(
  dataSource: DataSource,
  { orgId, userId, role }: { orgId?: string; userId: string; role: string },
): Promise<{ userId: string; orgId: string | null; role: Role }> {
  const grantOrg = grantOrganization(role, orgId);
  if (grantOrg !== INSTANCE_WIDE) await requireOrganization(dataSource, grantOrg);
  const exists = async (entity: typeof User | typeof MachineUser) =>
    dataSource.getRepository(entity).existsBy({ id: userId });
  if (!(await exists(User)) && !(await exists(MachineUser))) throw new Error(`no user ${userId}`);
  await dataSource
    .getRepository(RoleGrant)
    .upsert({ userId, orgId: grantOrg, role: role as Role, createdAt: new Date() }, [
      'userId',
      'orgId',
      'role',
    ]);
  return { userId, orgId: grantOrg || null, role: role as Role };
}

/**
 * Where `role` is granted: instance-wide for IAM_OWNER, in `orgId` for the others. Throws for
 * an unknown role or a missing organization, before anything is looked up.
 */
export function grantOrganization(role: string, orgId: string | undefined): string {
  if (!(ROLES as readonly string[]).includes(role))
    throw new Error(`role must be one of ${ROLES.join(', ')}`);
  const grantOrg = role === 'IAM_OWNER' ? INSTANCE_WIDE : orgId;
  if (grantOrg === undefined) throw new Error(`${role} is granted in an organization: give --org`);
  return grantOrg;
}

export async function requireOrganization(dataSource: DataSource, orgId: string): Promise<void> {
  if (!(await dataSource.getRepository(Organization).existsBy({ id: orgId })))
    throw new Error(`no organization ${orgId}`);
}
