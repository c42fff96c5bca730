import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { unauthenticated } from '../../../shared/errors/service-error.js';
import type { Caller } from '../operations/operation.js';

const ALGORITHMS = ['ES256', 'ES384', 'RS256', 'RS384', 'RS512', 'PS256', 'EdDSA'];

/**
 * Turns an `Authorization` header into the caller: a valid bearer JWT whose `sub` names an active
 * user of an active organization. Every failure is the same UNAUTHENTICATED.
 */
export async function authenticate(
  keys: JWTVerifyGetKey,
  auth: Config['auth'],
  dataSource: DataSource,
  authorization: string | undefined,
): Promise<Caller> {
  const token = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw unauthenticated();
  let subject: string | undefined;
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: auth.issuer,
      audience: auth.audience,
      algorithms: ALGORITHMS,
      requiredClaims: ['sub', 'exp'],
    });
    subject = payload.sub;
  } catch {
    throw unauthenticated();
  }
  const rows: { org_id: string }[] = await dataSource.query(
    `SELECT u.org_id FROM users u JOIN organizations o ON o.id = u.org_id
     WHERE u.id = ? AND u.state = 'active' AND o.state = 'active'`,
    [subject],
  );
  const orgId = rows[0]?.org_id;
  if (!subject || !orgId) throw unauthenticated();
  return { userId: subject, orgId };
}
