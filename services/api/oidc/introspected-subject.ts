import type { KoaContextWithOIDC } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import { isMachineClientId } from './machine-clients.js';

/**
 * Introspection's answer (RFC 7662) names whose token it is, as ZITADEL's does: `sub`, the
 * person's id for their tokens (the provider's own answer) or the machine user's for its
 * client-credentials token (whose client is the machine user, and which has no account of its
 * own), and `username`, that user's current user name. A resource server so learns who calls
 * without a second lookup. An inactive token's answer stays `{active: false}`.
 */
export function introspectedSubject(dataSource: DataSource) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    if (ctx.oidc?.route !== 'introspection') return;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (typeof body !== 'object' || body?.active !== true) return;
    const machine = ctx.oidc.entities.ClientCredentials?.clientId;
    const subject =
      typeof body.sub === 'string' ? body.sub : machine && isMachineClientId(machine) && machine;
    if (!subject) return;
    const userName = await userNameOf(dataSource, subject);
    ctx.body = { ...body, sub: subject, ...(userName !== undefined && { username: userName }) };
  };
}

async function userNameOf(dataSource: DataSource, userId: string): Promise<string | undefined> {
  const rows: { user_name: string }[] = await dataSource.query(
    `SELECT user_name FROM users WHERE id = ?
     UNION ALL SELECT user_name FROM machine_users WHERE id = ?`,
    [userId, userId],
  );
  return rows[0]?.user_name;
}
