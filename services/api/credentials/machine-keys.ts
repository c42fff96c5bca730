import { createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * A machine user's keys for private_key_jwt (RFC 7523): the public key kept as a JWK with its
 * `kid`, `alg` and `use`, for the OpenID provider to check the user's signed assertions against;
 * either the caller's own, or one of a pair the service makes, whose private key goes to the
 * caller once, in a key file.
 */

/** The JWS algorithm each accepted kind of key signs with, by `asymmetricKeyType` and curve. */
const ALGORITHMS: Record<string, string> = {
  rsa: 'RS256',
  'ec prime256v1': 'ES256',
  'ec secp384r1': 'ES384',
  ed25519: 'EdDSA',
};

/** The smallest RSA modulus taken, in bits (NIST SP 800-57's floor). */
const RSA_MIN_BITS = 2048;

const SPKI_PEM = /^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----\s*$/u;

/** What a refused public key is told, for the field violation. */
export const PUBLIC_KEY_RULE =
  'must be a PEM public key (-----BEGIN PUBLIC KEY-----): RSA of at least 2048 bits, EC P-256 or P-384, or Ed25519';

/**
 * The JWK of a caller's public key (PEM, SubjectPublicKeyInfo) with its `alg`; undefined for
 * anything else: another PEM (a private key, a certificate, PKCS#1), another kind of key or
 * curve, an RSA key under 2048 bits.
 */
export function publicJwkOf(pem: Buffer): Record<string, unknown> | undefined {
  const text = pem.toString('utf8');
  if (!SPKI_PEM.test(text.trimStart())) return undefined;
  let key: KeyObject;
  try {
    key = createPublicKey({ key: text, format: 'pem', type: 'spki' });
  } catch {
    return undefined;
  }
  const details = key.asymmetricKeyDetails ?? {};
  const kind = [key.asymmetricKeyType, details.namedCurve].filter(Boolean).join(' ');
  const alg = ALGORITHMS[kind];
  if (!alg || (kind === 'rsa' && (details.modulusLength ?? 0) < RSA_MIN_BITS)) return undefined;
  return { ...(key.export({ format: 'jwk' }) as Record<string, unknown>), alg };
}

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A new RSA key pair for private_key_jwt: the public key as a JWK (what the service keeps) and the
 * private key as PKCS#1 PEM, which the key file carries to the caller once. Made on the thread
 * pool: finding the primes takes tens of milliseconds.
 */
async function newMachineKeyPair(): Promise<{
  publicJwk: Record<string, unknown>;
  privatePem: string;
}> {
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return {
    publicJwk: publicKey.export({ format: 'jwk' }) as Record<string, unknown>,
    privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}

/** A key as the service keeps it and, for a pair it made, the private key in PKCS#1 PEM. */
export interface MachineKeyMaterial {
  /** The public key as a JWK, `kid` = the key's id, with its `alg` and `use: sig`. */
  publicJwk: Record<string, unknown>;
  privatePem?: string;
}

/** The caller's public key, or (without one) a new RSA pair, as kept under `keyId`. */
export async function machineKeyMaterial(
  keyId: string,
  publicKeyPem: Buffer | undefined,
): Promise<MachineKeyMaterial | undefined> {
  const stamp = (jwk: Record<string, unknown>) => ({ ...jwk, kid: keyId, use: 'sig' });
  if (publicKeyPem) {
    const publicJwk = publicJwkOf(publicKeyPem);
    return publicJwk && { publicJwk: stamp(publicJwk) };
  }
  const pair = await newMachineKeyPair();
  return { publicJwk: stamp({ ...pair.publicJwk, alg: 'RS256' }), privatePem: pair.privatePem };
}

/**
 * The key file of a pair the service made: what the machine user needs to sign its assertions
 * (the key's id as the JWT's `kid`, the user's id as `iss` and `sub`, the token endpoint as
 * `aud`), in ZITADEL's field names, and Google's service-account names beside them, so that
 * libraries written for either read it.
 */
export function machineKeyFile(key: {
  keyId: string;
  userId: string;
  privatePem: string;
  expirationDate: Date;
  tokenUri: string;
}): string {
  return JSON.stringify({
    type: 'serviceaccount',
    keyId: key.keyId,
    key: key.privatePem,
    userId: key.userId,
    expirationDate: key.expirationDate.toISOString(),
    private_key_id: key.keyId,
    private_key: key.privatePem,
    client_id: key.userId,
    client_email: key.userId,
    token_uri: key.tokenUri,
  });
}
