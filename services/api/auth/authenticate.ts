import type { JWTVerifyGetKey } from 'jose';
import type { DataSource } from 'typeorm';
import { unauthenticated } from '../../../shared/errors/service-error.js';
import type { Caller } from './caller.js';
import type { AuthCache } from './auth-cache.js';
import { verifyBearerToken, type BearerTokenConfig } from './bearer-tokens.js';

/**
 * Turns an `Authorization` header into the caller: a valid bearer token (bearer-tokens.ts: a JWT,
 * a personal access token, or a machine user's client-credentials token) whose subject names an
 * active user, human or machine, of an active organization. Every failure is the same
 * UNAUTHENTICATED. What it found is remembered in `cache` for a while (a verified token never past
 * its expiry): a revoked token or credential, or a deactivated user, is refused at most the
 * cache's lifetime later.
 */
export async function authenticate(
  keys: JWTVerifyGetKey,
  config: BearerTokenConfig,
  dataSource: DataSource,
  authorization: string | undefined,
  cache: AuthCache,
): Promise<Caller> {
  const token = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw unauthenticated();
  const { subject, authTime, sessionId } = await cache.remember(
    JSON.stringify(['token', token]),
    () => verifyBearerToken(keys, config, dataSource, token),
    (verified) => verified.expiresAt,
  );
  const { orgId, machine } = await cache.remember(JSON.stringify(['caller', subject]), async () => {
    const rows: { org_id: string; machine: number | string }[] = await dataSource.query(
      `SELECT u.org_id, 0 AS machine FROM users u JOIN organizations o ON o.id = u.org_id
         WHERE u.id = ? AND u.state = 'active' AND o.state = 'active'
         UNION ALL
         SELECT m.org_id, 1 AS machine FROM machine_users m JOIN organizations o ON o.id = m.org_id
         WHERE m.id = ? AND m.state = 'active' AND o.state = 'active'`,
      [subject, subject],
    );
    const found = rows[0];
    if (!found) throw unauthenticated();
    return { orgId: found.org_id, machine: Number(found.machine) === 1 };
  });
  return {
    userId: subject,
    orgId,
    ...(machine && { machine }),
    ...(authTime !== undefined && { authTime }),
    ...(sessionId !== undefined && { sessionId }),
  };
}
