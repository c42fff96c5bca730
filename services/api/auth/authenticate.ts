import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { unauthenticated } from '../../../shared/errors/service-error.js';
import type { Caller } from '../operations/operation.js';
import type { AuthCache } from './auth-cache.js';

const ALGORITHMS = ['ES256', 'ES384', 'RS256', 'RS384', 'RS512', 'PS256', 'EdDSA'];

/**
 * Turns an `Authorization` header into the caller: a valid bearer JWT whose `sub` names an active
 * user of an active organization. Every failure is the same UNAUTHENTICATED. What it found is
 * remembered in `cache` for a while (a verified token never past its `exp`).
 */
export async function authenticate(
  keys: JWTVerifyGetKey,
  auth: Config['auth'],
  dataSource: DataSource,
  authorization: string | undefined,
  cache: AuthCache,
): Promise<Caller> {
  const token = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw unauthenticated();
  const { subject, authTime } = await cache.remember(
    JSON.stringify(['token', token]),
    async () => {
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: auth.issuer,
          audience: auth.audience,
          algorithms: ALGORITHMS,
          requiredClaims: ['sub', 'exp'],
        });
        if (!payload.sub) throw unauthenticated();
        const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : undefined;
        return { subject: payload.sub, expiresAt: payload.exp! * 1000, authTime };
      } catch {
        throw unauthenticated();
      }
    },
    (verified) => verified.expiresAt,
  );
  const orgId = await cache.remember(JSON.stringify(['caller', subject]), async () => {
    const rows: { org_id: string }[] = await dataSource.query(
      `SELECT u.org_id FROM users u JOIN organizations o ON o.id = u.org_id
       WHERE u.id = ? AND u.state = 'active' AND o.state = 'active'`,
      [subject],
    );
    const found = rows[0]?.org_id;
    if (!found) throw unauthenticated();
    return found;
  });
  return { userId: subject, orgId, ...(authTime !== undefined && { authTime }) };
}
