import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { createOneTimeCode } from '../../shared/credentials/one-time-code.js';
import { UserCode } from '../../shared/db/entities/index.js';
import {
  addMember,
  createIdpConfig,
  createOrganization,
} from '../../services/api/admin/organizations.js';
import { createProject } from '../../services/api/admin/projects.js';
import { createHumanUser } from '../../services/api/admin/users.js';
import type { ImportHumanUserRequest } from '../../services/api/operations/import-human-user/import-human-user.request.js';
import { FOREIGN_VECTORS } from './password-hash-vectors.js';
import type { TestService } from './test-service.js';

/**
 * What the operations act on, made through the service's own entry points. Each factory takes the
 * fields a test cares about and makes up the rest; what it needs and is not given (an
 * organization) it makes too.
 */

const unique = () => randomBytes(4).toString('hex');

export interface BuiltOrg {
  orgId: string;
  name: string;
}

export async function buildOrg(
  service: TestService,
  { name = `Org ${unique()}` }: { name?: string } = {},
): Promise<BuiltOrg> {
  const { orgId } = await createOrganization(service.dataSource, name);
  return { orgId, name };
}

export interface BuiltMember {
  orgId: string;
  userId: string;
  userName: string;
  /** A token for calling as this user. */
  token: string;
}

/** A human user (through createHumanUser, as Import makes one) holding `roles` in its organization. */
export async function buildMember(
  service: TestService,
  overrides: { orgId?: string; roles?: string[]; userName?: string } = {},
): Promise<BuiltMember> {
  const orgId = overrides.orgId ?? (await buildOrg(service)).orgId;
  const userName = overrides.userName ?? `member-${randomBytes(6).toString('hex')}`;
  const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
    userName,
    profile: { firstName: 'Test', lastName: 'Member' },
    email: { email: `${userName}@example.com`, isEmailVerified: true },
  });
  for (const role of overrides.roles ?? [])
    await addMember(service.dataSource, { orgId, userId, role });
  return { orgId, userId, userName, token: await service.token(userId) };
}

/** An ORG_OWNER, the usual caller of the management operations; of a fresh organization unless given one. */
export function buildOwner(
  service: TestService,
  overrides: { orgId?: string; userName?: string } = {},
): Promise<BuiltMember> {
  return buildMember(service, { ...overrides, roles: ['ORG_OWNER'] });
}

/**
 * An owner (buildOwner) who signs in with a password: a foreign hash of a known password, stored
 * as an import stores one.
 */
export async function buildOwnerWithPassword(
  service: TestService,
): Promise<BuiltMember & { password: string }> {
  const owner = await buildOwner(service);
  const [vector] = FOREIGN_VECTORS;
  await service.dataSource.query('UPDATE users SET password_hash = ? WHERE id = ?', [
    vector!.encoded,
    owner.userId,
  ]);
  return { ...owner, password: vector!.password };
}

export interface BuiltProject {
  projectId: string;
  orgId: string;
  name: string;
}

/** A project with its `project.added` event. */
export async function buildProject(
  service: TestService,
  overrides: { orgId?: string; name?: string } = {},
): Promise<BuiltProject> {
  const orgId = overrides.orgId ?? (await buildOrg(service)).orgId;
  const name = overrides.name ?? `Project ${unique()}`;
  const { projectId } = await createProject(service.dataSource, orgId, name);
  return { projectId, orgId, name };
}

/** An identity provider configuration users can be linked to. */
export async function buildIdp(
  service: TestService,
  overrides: { orgId?: string; name?: string } = {},
): Promise<{ idpId: string; orgId: string }> {
  const orgId = overrides.orgId ?? (await buildOrg(service)).orgId;
  const { idpId } = await createIdpConfig(service.dataSource, orgId, overrides.name ?? 'IdP');
  return { idpId, orgId };
}

/**
 * A human user as Import makes one: unverified email and no password unless `fields` say
 * otherwise, so an initialization is due.
 */
export async function buildUser(
  service: TestService,
  fields: Partial<ImportHumanUserRequest> & { orgId?: string } = {},
): Promise<{ userId: string; orgId: string; userName: string; email: string }> {
  const { orgId = (await buildOrg(service)).orgId, ...request } = fields;
  const userName = request.userName ?? `user-${randomBytes(6).toString('hex')}`;
  const email = request.email?.email ?? `${userName}@example.com`;
  const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
    profile: { firstName: 'Una', lastName: 'User' },
    ...request,
    userName,
    email: { email, ...request.email },
  });
  return { userId, orgId, userName, email };
}

/**
 * An initialization code of the user, stored as the worker stores one (its hash only), valid for
 * an hour unless `expiresAt` says otherwise; `code` is what a link would carry.
 */
export async function buildInitializationCode(
  service: TestService,
  userId: string,
  { expiresAt = new Date(Date.now() + 3600_000) }: { expiresAt?: Date } = {},
): Promise<{ codeId: string; code: string }> {
  const { code, hash } = createOneTimeCode();
  const codeId = uuidv7();
  await service.dataSource.getRepository(UserCode).insert({
    id: codeId,
    userId,
    kind: 'initialization',
    codeHash: hash,
    expiresAt,
    createdAt: new Date(),
    usedAt: null,
    sourceEventId: null,
    sentAt: null,
  });
  return { codeId, code };
}
