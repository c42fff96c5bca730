import { createHmac, hkdfSync } from 'node:crypto';

/** The id a provider artifact is stored under, made from the id the provider hands out. */
export type StoredIdOf = (id: string) => string;

const derived = new WeakMap<Buffer, StoredIdOf>();

/**
 * The provider's opaque artifacts (session cookies, authorization codes, access and refresh
 * tokens, client-credentials tokens) are their own ids: whoever reads the id can use it. So each
 * is stored under HMAC-SHA256 of its id, keyed with a key of its own drawn from the secret key
 * (HKDF): a leaked table or backup holds no usable credential, and without the secret key its
 * rows cannot even be matched against a token found elsewhere. A lookup hashes the presented id.
 */
export function storedIdOf(secretKey: Buffer): StoredIdOf {
  let storedId = derived.get(secretKey);
  if (!storedId) {
    const key = Buffer.from(hkdfSync('sha256', secretKey, '', 'identity oidc stored ids v1', 32));
    storedId = (id) => createHmac('sha256', key).update(id, 'utf8').digest('base64url');
    derived.set(secretKey, storedId);
  }
  return storedId;
}
