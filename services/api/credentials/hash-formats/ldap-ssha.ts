import { createHash } from 'node:crypto';
import { digestsMatch, type PasswordHashFormat } from './format.js';

const DIGESTS: Record<string, { algorithm: string; bytes: number }> = {
  SSHA: { algorithm: 'sha1', bytes: 20 },
  SSHA256: { algorithm: 'sha256', bytes: 32 },
  SSHA512: { algorithm: 'sha512', bytes: 64 },
};

const SSHA = /^\{(SSHA|SSHA256|SSHA512)\}([A-Za-z0-9+/]+={0,2})$/;

/**
 * LDAP's salted SHA schemes (OpenLDAP's slappasswd, 389 Directory Server):
 * `{SSHA}`, `{SSHA256}`, `{SSHA512}` and the base64 of the digest of the password followed by
 * the salt, then the salt (4 to 64 bytes).
 */
export const ldapSshaFormat: PasswordHashFormat = (encoded) => {
  const match = SSHA.exec(encoded);
  if (!match) return undefined;
  const { algorithm, bytes } = DIGESTS[match[1]!]!;
  const decoded = Buffer.from(match[2]!, 'base64');
  if (decoded.toString('base64') !== match[2]) return undefined;
  const expected = decoded.subarray(0, bytes);
  const salt = decoded.subarray(bytes);
  if (salt.length < 4 || salt.length > 64) return undefined;
  return async (password) => {
    const actual = createHash(algorithm).update(password).update(salt).digest();
    return digestsMatch(expected, actual);
  };
};
