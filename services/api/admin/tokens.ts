import { type JWTPayload, generateKeyPair, exportJWK, importJWK, SignJWT, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { Organization, User } from '../../../shared/db/entities/index.js';
import { readSigningJwk } from '../auth/token-keys.js';

/**
 * `identityctl token issue`: a token only for a user it would let in (an active user of an
 * active organization), so a mistyped id is refused here rather than by every call made with it.
 */
export async function issueUserToken(
  dataSource: DataSource,
  auth: Config['auth'],
  userId: string,
  ttlSeconds: number,
): Promise<string> {
  const jwk = await readSigningJwk(signingKeyFile(auth));
  const user = await dataSource.getRepository(User).findOneBy({ id: userId });
  if (!user) throw new Error(`no user ${userId}`);
  const org = await dataSource.getRepository(Organization).findOneBy({ id: user.orgId });
  if (user.state !== 'active' || org?.state !== 'active')
    throw new Error(`user ${userId} is not active, or its organization is not`);
  return signToken(jwk, auth, userId, ttlSeconds);
}

/** Issues a caller token for `userId`, signed with the configured key. */
export async function issueToken(
  auth: Config['auth'],
  userId: string,
  ttlSeconds = 3600,
): Promise<string> {
  return signToken(await readSigningJwk(signingKeyFile(auth)), auth, userId, ttlSeconds);
}

function signingKeyFile(auth: Config['auth']): string {
  if (!auth.signingKeyFile)
    throw new Error('no signing key: set JWT_SIGNING_KEY_FILE to issue tokens');
  return auth.signingKeyFile;
}

export async function signToken(
  jwk: JWK,
  auth: Pick<Config['auth'], 'issuer' | 'audience'>,
  userId: string,
  ttlSeconds: number,
  /** More claims, such as `auth_time`. */
  claims: JWTPayload = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: jwk.alg!, kid: jwk.kid!, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(auth.issuer)
    .setAudience(auth.audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await importJWK(jwk, jwk.alg));
}

/** A new ES256 private JWK with a key id, as `setup` writes it (mode 0600). */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: 'ES256', kid: randomUUID(), use: 'sig' };
}

export async function writeSigningJwk(path: string, jwk: JWK): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
}
