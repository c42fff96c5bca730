import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import {
  decodeUnpaddedBase64,
  digestsMatch,
  isWithin,
  parseCount,
  type PasswordHashFormat,
} from './format.js';

const deriveKey = promisify(pbkdf2);

// passlib writes salt and hash in adapted base64: '.' for '+', no padding.
const PBKDF2 = /^\$pbkdf2(-sha256|-sha512)?\$(\d+)\$([A-Za-z0-9+/.]+)\$([A-Za-z0-9+/.]+)$/;

const DIGESTS: Record<string, { digest: string; bytes: number }> = {
  '': { digest: 'sha1', bytes: 20 },
  '-sha256': { digest: 'sha256', bytes: 32 },
  '-sha512': { digest: 'sha512', bytes: 64 },
};

// The PHC form (Ory Kratos's, and Keycloak's exports as we convert them) names the key length.
const PBKDF2_PHC =
  /^\$pbkdf2-(sha1|sha224|sha256|sha384|sha512)\$i=(\d+),l=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** The check of one PBKDF2-HMAC hash, once its parts are decoded and within sane bounds. */
function checkOf(
  digest: string,
  rounds: number | undefined,
  salt: Buffer | undefined,
  expected: Buffer | undefined,
  keyBytes: number,
) {
  // Fewer than 1,000 rounds is below RFC 8018's floor; beyond 10 million a login stalls for seconds.
  if (
    !salt ||
    !isWithin(rounds, 1_000, 10_000_000) ||
    !isWithin(salt.length, 8, 64) ||
    expected?.length !== keyBytes
  ) {
    return undefined;
  }
  return async (password: string) =>
    digestsMatch(expected, await deriveKey(password, salt, rounds, keyBytes, digest));
}

/**
 * PBKDF2-HMAC as passlib writes it, `$pbkdf2[-sha256|-sha512]$<rounds>$<salt>$<hash>` (the key as
 * long as the digest), or in PHC's form, `$pbkdf2-<digest>$i=<rounds>,l=<key bytes>$<salt>$<hash>`
 * (unpadded base64, a key of 16 to 64 bytes).
 */
export const pbkdf2Format: PasswordHashFormat = (encoded) => {
  const phc = PBKDF2_PHC.exec(encoded);
  if (phc) {
    const [, digest = '', rounds, length, salt = '', hash = ''] = phc;
    const keyBytes = parseCount(length);
    if (!isWithin(keyBytes, 16, 64)) return undefined;
    const [saltBytes, expected] = [decodeUnpaddedBase64(salt), decodeUnpaddedBase64(hash)];
    return checkOf(digest, parseCount(rounds), saltBytes, expected, keyBytes);
  }
  const match = PBKDF2.exec(encoded);
  const hmac = DIGESTS[match?.[1] ?? ''];
  if (!match || !hmac) return undefined;
  const [, , rounds, salt = '', hash = ''] = match;
  const [saltBytes, expected] = [
    decodeUnpaddedBase64(salt, true),
    decodeUnpaddedBase64(hash, true),
  ];
  return checkOf(hmac.digest, parseCount(rounds), saltBytes, expected, hmac.bytes);
};
