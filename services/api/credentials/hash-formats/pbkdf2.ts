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

/** PBKDF2-HMAC as passlib writes it: `$pbkdf2[-sha256|-sha512]$<rounds>$<salt>$<hash>`. */
export const pbkdf2Format: PasswordHashFormat = (encoded) => {
  const match = PBKDF2.exec(encoded);
  if (!match) return undefined;
  const [, variant = '', roundsText, salt = '', hash = ''] = match;
  const rounds = parseCount(roundsText);
  const saltBytes = decodeUnpaddedBase64(salt, true);
  const expected = decodeUnpaddedBase64(hash, true);
  // Fewer than 1,000 rounds is below RFC 8018's floor; beyond 10 million a login stalls for seconds.
  const hmac = DIGESTS[variant];
  if (
    !hmac ||
    !saltBytes ||
    !isWithin(rounds, 1_000, 10_000_000) ||
    !isWithin(saltBytes.length, 8, 64) ||
    expected?.length !== hmac.bytes
  ) {
    return undefined;
  }
  return async (password) =>
    digestsMatch(expected, await deriveKey(password, saltBytes, rounds, hmac.bytes, hmac.digest));
};
