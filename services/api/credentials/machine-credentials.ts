import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Config } from '../../../shared/config/config.js';
import { decryptSecret, encryptSecret } from './otp-secret.js';

/**
 * A machine user's credentials as they are made and kept: a client secret, sealed under the
 * secret key (the OpenID provider compares the secret itself, so it cannot be a hash); a personal
 * access token, kept only as its SHA-256. Both are 256 random bits, shown once.
 */

/** What starts every personal access token, so that it is told from a JWT and found by scanners. */
export const PAT_PREFIX = 'pat_';

/** A new personal access token and the hash that is all the service keeps of it. */
export function newPersonalAccessToken(): { token: string; sha256: string } {
  const token = PAT_PREFIX + randomBytes(32).toString('base64url');
  return { token, sha256: tokenSha256(token) };
}

/** A token's SHA-256, hex: what the table holds and a lookup compares. */
export function tokenSha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a bearer token has a personal access token's shape (no JWT does). */
export function isPersonalAccessToken(token: string): boolean {
  return token.startsWith(PAT_PREFIX);
}

/** A new client secret and its sealed form for the table. */
export function newClientSecret(config: Config): { secret: string; sealed: Buffer } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, sealed: encryptSecret(secretKeyOf(config), Buffer.from(secret)) };
}

/** The client secret a sealed one holds. */
export function openClientSecret(config: Config, sealed: Buffer): string {
  return decryptSecret(secretKeyOf(config), sealed).toString();
}

export function secretKeyOf(config: Config): Buffer {
  if (!config.secretsEncryptionKey) throw new Error('SECRETS_ENCRYPTION_KEY is required');
  return config.secretsEncryptionKey;
}

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A new RSA key pair for private_key_jwt: the public key as a JWK (what the service keeps) and the
 * private key as PKCS#1 PEM, which the key file carries to the caller once. Made on the thread
 * pool: finding the primes takes tens of milliseconds.
 */
export async function newMachineKeyPair(): Promise<{
  publicJwk: Record<string, unknown>;
  privatePem: string;
}> {
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return {
    publicJwk: publicKey.export({ format: 'jwk' }) as Record<string, unknown>,
    privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}
