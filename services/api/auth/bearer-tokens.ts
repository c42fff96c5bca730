import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { timeOf } from '../../../shared/db/data-source.js';
import { unauthenticated } from '../../../shared/errors/service-error.js';
import { isPersonalAccessToken, tokenSha256 } from '../credentials/machine-credentials.js';
import { CLIENT_CREDENTIALS_MODEL } from '../oidc/machine-tokens.js';
import { storedIdOf } from '../oidc/stored-ids.js';

const ALGORITHMS = ['ES256', 'ES384', 'RS256', 'RS384', 'RS512', 'PS256', 'EdDSA'];

/** What checking a bearer token needs: the JWTs' issuer and audience, the provider's key. */
export type BearerTokenConfig = Pick<Config, 'auth' | 'secretsEncryptionKey'>;

/** Whom a bearer token names, until when, and (for a person's) when they signed in. */
export interface VerifiedToken {
  subject: string;
  /** When the token stops working, ms since the epoch. */
  expiresAt: number;
  authTime?: number;
  sessionId?: string;
}

/**
 * The subject of a bearer token of one of the three kinds the API takes: a JWT signed with the
 * configured keys (`identityctl token issue`, the code flow's access tokens); a machine user's
 * personal access token (`pat_…`, looked up by its SHA-256); or an opaque access token the OpenID
 * provider issued a machine user by client credentials, as the provider stored it. Anything else,
 * or a token past its expiry, is UNAUTHENTICATED.
 */
export async function verifyBearerToken(
  keys: JWTVerifyGetKey,
  config: BearerTokenConfig,
  dataSource: DataSource,
  token: string,
): Promise<VerifiedToken> {
  const { auth } = config;
  if (isPersonalAccessToken(token)) return personalAccessToken(dataSource, token);
  if (!token.includes('.')) return clientCredentialsToken(dataSource, config, token);
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: auth.issuer,
      audience: auth.audience,
      algorithms: ALGORITHMS,
      requiredClaims: ['sub', 'exp'],
    });
    if (!payload.sub) throw unauthenticated();
    const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : undefined;
    const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
    return { subject: payload.sub, expiresAt: payload.exp! * 1000, authTime, sessionId };
  } catch {
    throw unauthenticated();
  }
}

async function personalAccessToken(dataSource: DataSource, token: string) {
  const rows: { user_id: string; expiration_date: Date | string }[] = await dataSource.query(
    'SELECT user_id, expiration_date FROM personal_access_tokens WHERE token_sha256 = ?',
    [tokenSha256(token)],
  );
  const found = rows[0];
  const expiresAt = timeOf(found?.expiration_date)?.getTime() ?? 0;
  if (!found || expiresAt <= Date.now()) throw unauthenticated();
  return { subject: found.user_id, expiresAt };
}

/**
 * The provider's record of the token (filed under the token's keyed hash, stored-ids.ts): its
 * client (the machine user), audience and expiry. Without the secret key there is no provider,
 * so no such token.
 */
async function clientCredentialsToken(
  dataSource: DataSource,
  { auth, secretsEncryptionKey }: BearerTokenConfig,
  token: string,
): Promise<VerifiedToken> {
  if (!secretsEncryptionKey) throw unauthenticated();
  const rows: { payload: string }[] = await dataSource.query(
    'SELECT payload FROM oidc_payloads WHERE model = ? AND id = ?',
    [CLIENT_CREDENTIALS_MODEL, storedIdOf(secretsEncryptionKey)(token)],
  );
  const stored = rows[0] && (JSON.parse(rows[0].payload) as Record<string, unknown>);
  const expiresAt = typeof stored?.exp === 'number' ? stored.exp * 1000 : 0;
  if (!stored || stored.aud !== auth.audience || expiresAt <= Date.now()) throw unauthenticated();
  return { subject: String(stored.clientId), expiresAt };
}
