import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { base32 } from '@scure/base';

/** At least 80 bits: the shortest secret authenticator apps commonly issue (16 characters). */
const MIN_SECRET_BYTES = 10;

/**
 * Decodes a TOTP secret in RFC 4648 base32. Authenticator URIs usually drop the `=` padding and
 * some tools print lower case, so both are accepted; anything else that is not base32 is refused.
 */
export function decodeOtpSecret(code: string): Uint8Array | undefined {
  const unpadded = code.toUpperCase().replace(/=+$/, '');
  const padded = unpadded.padEnd(Math.ceil(unpadded.length / 8) * 8, '=');
  try {
    const secret = base32.decode(padded);
    return secret.length >= MIN_SECRET_BYTES ? secret : undefined;
  } catch {
    return undefined;
  }
}

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: version byte, IV, tag, ciphertext. The version leaves room for key rotation. */
export function encryptSecret(key: Buffer, secret: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), ciphertext]);
}

export function decryptSecret(key: Buffer, sealed: Buffer): Buffer {
  if (sealed[0] !== FORMAT_VERSION) throw new Error('unknown secret format');
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]);
}
