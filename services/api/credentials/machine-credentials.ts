import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../shared/config/config.js';
import { secretKeyOf } from '../../../shared/credentials/secret-key.js';
import { decryptSecret, encryptSecret } from './otp-secret.js';

/**
 * A machine user's secrets as they are made and kept (its keys are in machine-keys.ts): a client
 * secret, sealed under the secret key (the OpenID provider compares the secret itself, so it
 * cannot be a hash); a personal access token, kept only as its SHA-256. Both are 256 random bits,
 * shown once. The client secret this service holds at an identity provider is sealed and opened
 * alike.
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
  return { secret, sealed: sealClientSecret(config, secret) };
}

/** A client secret sealed under the secret key, as a table keeps it. */
export function sealClientSecret(config: Config, secret: string): Buffer {
  return encryptSecret(secretKeyOf(config), Buffer.from(secret));
}

/** The client secret a sealed one holds. */
export function openClientSecret(config: Config, sealed: Buffer): string {
  return decryptSecret(secretKeyOf(config), sealed).toString();
}

/** Whether a sealed client secret holds `secret` (compared in constant time). */
export function isClientSecret(config: Config, sealed: Buffer, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(openClientSecret(config, sealed)), digest(secret));
}
