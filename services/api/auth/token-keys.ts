import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../../shared/config/config.js';

/**
 * The keys that verify caller tokens: a JWKS file or URL, or else the public half of the signing
 * key that `identityctl` uses, so that a single-node setup needs one variable.
 */
export async function loadVerificationKeys(auth: Config['auth']): Promise<JWTVerifyGetKey> {
  if (auth.jwksUrl) return createRemoteJWKSet(new URL(auth.jwksUrl));
  if (auth.jwksFile) return createLocalJWKSet(JSON.parse(await readFile(auth.jwksFile, 'utf8')));
  if (auth.signingKeyFile) {
    const { d: _private, ...publicJwk } = await readSigningJwk(auth.signingKeyFile);
    return createLocalJWKSet({ keys: [publicJwk] });
  }
  throw new Error('no token verification keys: set JWKS_FILE, JWKS_URL or JWT_SIGNING_KEY_FILE');
}

export async function readSigningJwk(path: string): Promise<JWK> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new Error(
      `no signing key at ${path} yet: \`identityctl setup\` makes one (so does the embedded mode's first start)`,
    );
  });
  const jwk = JSON.parse(text) as JWK;
  if (!jwk.d || !jwk.alg || !jwk.kid)
    throw new Error(`${path} is not a private JWK with alg and kid`);
  return jwk;
}
