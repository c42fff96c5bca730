import type { DataSource } from 'typeorm';
import type { AutoLinking } from '../../../shared/db/entities/idp.entity.js';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';

/**
 * A person as an identity provider told of them at a sign-in through it: the provider's subject
 * (what a link is keyed by, with the provider) and what its claims said, trimmed to what our
 * profile holds. `emailVerified` is true only when the provider said `email_verified: true`.
 */
export interface ExternalIdentity {
  idpId: string;
  /** The provider's name, for the pages. */
  idpName: string;
  subject: string;
  /** `preferred_username` (or an OAuth provider's `login`/`username`). */
  userName?: string;
  firstName?: string;
  lastName?: string;
  displayName?: string;
  nickName?: string;
  email?: string;
  emailVerified: boolean;
}

/** A user a provider's identity is linked to: by (provider, subject), never by name or email. */
export async function linkedUserOf(
  dataSource: DataSource,
  idpId: string,
  subject: string,
): Promise<{ userId: string; orgId: string } | undefined> {
  const rows: { user_id: string; org_id: string }[] = await dataSource.query(
    `SELECT l.user_id, u.org_id FROM user_idp_links l JOIN users u ON u.id = l.user_id
      WHERE l.config_id = ? AND l.external_user_id = ?`,
    [idpId, subject],
  );
  return rows[0] && { userId: rows[0].user_id, orgId: rows[0].org_id };
}

/** An account of ours that a provider's identity with no link may be linked to, once confirmed. */
export interface LinkCandidate {
  userId: string;
  userName: string;
  /** What it was found by: the provider's verified email, or its user name. */
  by: Exclude<AutoLinking, 'none'>;
}

/**
 * The one user of `orgId` the provider's `autoLinking` points at, or none: by email only when
 * the provider asserted it verified and our user's address is verified too (ZITADEL
 * GHSA-992q-9gwp-7r79 and Keycloak #53041 linked on an unverified one); by user name, the
 * provider's `preferred_username` as ours. Two users with that address are no candidate: which
 * one would be a guess. The person still has to sign in to it before anything is linked.
 */
export async function linkCandidate(
  dataSource: DataSource,
  autoLinking: AutoLinking,
  identity: ExternalIdentity,
  orgId: string,
): Promise<LinkCandidate | undefined> {
  type Row = { id: string; user_name: string; email: string };
  if (autoLinking === 'email') {
    if (!identity.email || !identity.emailVerified) return undefined;
    const rows: Row[] = await dataSource.query(
      `SELECT id, user_name, email FROM users
        WHERE org_id = ? AND email_verified = 1 AND LOWER(email) = ?`,
      [orgId, identity.email.toLowerCase()],
    );
    const same = rows.filter((row) => uniqueNameKey(row.email) === uniqueNameKey(identity.email!));
    return same.length === 1
      ? { userId: same[0]!.id, userName: same[0]!.user_name, by: 'email' }
      : undefined;
  }
  if (autoLinking === 'username' && identity.userName) {
    const rows: Row[] = await dataSource.query(
      'SELECT id, user_name, email FROM users WHERE org_id = ? AND user_name_lower = ?',
      [orgId, uniqueNameKey(identity.userName.trim())],
    );
    return rows[0] && { userId: rows[0].id, userName: rows[0].user_name, by: 'username' };
  }
  return undefined;
}

/**
 * The first of `offered` providers that `userId` is linked to, when the user has no password:
 * where their sign-in goes straight on. None when the user has a password or no such link.
 */
export async function providerOfPasswordless(
  dataSource: DataSource,
  userId: string,
  offered: readonly string[],
): Promise<string | undefined> {
  if (offered.length === 0) return undefined;
  const rows: { config_id: string }[] = await dataSource.query(
    `SELECT l.config_id FROM user_idp_links l JOIN users u ON u.id = l.user_id
      WHERE u.id = ? AND u.password_hash IS NULL`,
    [userId],
  );
  const linked = new Set(rows.map((row) => row.config_id));
  return offered.find((id) => linked.has(id));
}

/** The organization of a user; none for a user that is not there. */
export async function organizationOfUser(
  dataSource: DataSource,
  userId: string,
): Promise<string | undefined> {
  const rows: { org_id: string }[] = await dataSource.query(
    'SELECT org_id FROM users WHERE id = ?',
    [userId],
  );
  return rows[0]?.org_id;
}
