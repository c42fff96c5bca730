import { access } from 'node:fs/promises';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { migrate } from '../../../shared/db/data-source.js';
import { RoleGrant, User } from '../../../shared/db/entities/index.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';
import { addMember, createOrganization } from './organizations.js';
import { generateSigningJwk, issueToken, writeSigningJwk } from './tokens.js';
import { createHumanUser } from './users.js';

interface SetupResult {
  orgId: string;
  userId: string;
  token?: string;
  /** True when this run made the organization and the administrator. */
  created: boolean;
}

const ADMIN = 'admin';

/**
 * Brings an instance to where the three operations can be called: schema, a first organization
 * and an administrator with IAM_OWNER. Running it again finds that administrator instead of
 * making another, and hands out a fresh token.
 */
export async function setup(dataSource: DataSource, config: Config): Promise<SetupResult> {
  await migrate(dataSource);
  if (config.auth.signingKeyFile && !(await exists(config.auth.signingKeyFile))) {
    await writeSigningJwk(config.auth.signingKeyFile, await generateSigningJwk());
  }
  const existing = await dataSource
    .getRepository(RoleGrant)
    .findOne({ where: { orgId: INSTANCE_WIDE, role: 'IAM_OWNER' }, order: { createdAt: 'ASC' } });
  let admin: { orgId: string; userId: string; created: boolean };
  if (existing) {
    const user = await dataSource.getRepository(User).findOneByOrFail({ id: existing.userId });
    admin = { orgId: user.orgId, userId: user.id, created: false };
  } else {
    // A setup stopped after making the administrator and before granting the role is finished.
    const interrupted = await dataSource
      .getRepository(User)
      .findOneBy({ userNameLower: uniqueNameKey(ADMIN) });
    const orgId = interrupted?.orgId ?? (await createOrganization(dataSource, 'Default')).orgId;
    const userId =
      interrupted?.id ??
      (
        await createHumanUser(dataSource, config, orgId, {
          userName: ADMIN,
          profile: { firstName: 'Instance', lastName: 'Administrator' },
          email: { email: 'admin@localhost', isEmailVerified: true },
        })
      ).userId;
    await addMember(dataSource, { userId, role: 'IAM_OWNER' });
    admin = { orgId, userId, created: true };
  }
  const token = config.auth.signingKeyFile
    ? await issueToken(config.auth, admin.userId)
    : undefined;
  return { ...admin, ...(token && { token }) };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
